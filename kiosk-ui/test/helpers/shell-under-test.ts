import type { RendererFile } from '@studio/shared/kiosk-renderer';
import { pino } from 'pino';
import { KioskShellConfig } from '../../src/main/config.ts';
import { KioskShell } from '../../src/main/kiosk-shell.ts';
import { fakeElectron } from './fake-electron.ts';

export const silentLogger = pino({ level: 'silent' });

export const testRendererFiles = new Map<string, RendererFile>([
  ['index.html', { body: Buffer.from('<!doctype html><title>kiosk</title>'), contentType: 'text/html; charset=utf-8' }],
  ['app.js', { body: Buffer.from('export {};'), contentType: 'text/javascript; charset=utf-8' }],
]);

/** The shell on a fake Electron, talking to the agent at `agentUrl` (a fake local API, or nothing). */
export async function startShell(agentUrl: string, options: { restartDelayMs?: number } = {}) {
  const fake = fakeElectron();
  const config = KioskShellConfig.parse({ KIOSK_AGENT_URL: agentUrl });
  KioskShell.registerSchemes(fake.electron);
  const shell = new KioskShell({
    electron: fake.electron,
    config,
    rendererFiles: testRendererFiles,
    preloadPath: '/opt/studio-kiosk/preload.cjs',
    logger: silentLogger,
    restartDelayMs: options.restartDelayMs ?? 0,
  });
  await shell.start();
  const window = () => {
    const current = fake.windows.at(-1);
    if (!current) throw new Error('the shell opened no window');
    return current;
  };
  return { fake, shell, window };
}
