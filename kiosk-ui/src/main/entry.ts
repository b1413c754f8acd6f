import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readRendererDir } from '@studio/shared/kiosk-renderer';
import { pino } from 'pino';
import { loadShellConfig } from './config.js';
import type { ElectronSlice } from './electron-api.js';
import { KioskShell } from './kiosk-shell.js';

/*
 * The Electron main entry, bundled to dist/app/main.mjs by `npm run kiosk` (build/build-kiosk-app.ts).
 * The only file that loads 'electron': by a computed name, so TypeScript does not look for the
 * optional package, and everything else depends on the typed slice in electron-api.ts.
 */
const electronModuleName = 'electron';
const loaded = (await import(electronModuleName)) as ElectronSlice & { default?: ElectronSlice };
const electron = loaded.default ?? loaded;

const settings = loadShellConfig(process.env);
if ('problems' in settings) {
  for (const problem of settings.problems) console.error(problem);
  process.exit(1);
}
const config = settings.config;
const logger = pino({ name: 'kiosk-shell', level: config.LOG_LEVEL });
KioskShell.registerSchemes(electron);

const appDir = dirname(fileURLToPath(import.meta.url));
// Not awaited at the top level: Electron emits `ready` only after the ESM entry has evaluated.
electron.app
  .whenReady()
  .then(async () => {
    const shell = new KioskShell({
      electron,
      config,
      rendererFiles: await readRendererDir(join(appDir, 'renderer')),
      preloadPath: join(appDir, 'preload.cjs'),
      logger,
    });
    const quit = () => {
      shell.stop();
      electron.app.quit();
    };
    electron.app.on('window-all-closed', quit);
    process.once('SIGTERM', quit);
    process.once('SIGINT', quit);
    await shell.start();
    logger.info({ agent: config.KIOSK_AGENT_URL }, 'kiosk shell started');
  })
  .catch((error: unknown) => {
    // Without this a failed start (renderer files missing, window refused) was an unhandled rejection and
    // left a kiosk with no window; exit non-zero so the service manager restarts it and the log says why.
    logger.fatal({ err: error instanceof Error ? error.message : String(error) }, 'the kiosk shell failed to start');
    process.exit(1);
  });
