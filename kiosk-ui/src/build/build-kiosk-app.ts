import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type BuildOptions } from 'esbuild';
import { buildRenderer } from './build-renderer.js';

const srcDir = fileURLToPath(new URL('../', import.meta.url));

/** Where `npm run kiosk` builds and electron-builder packs from (kiosk-ui/package.json `main`). */
export const appDir = fileURLToPath(new URL('../../dist/app/', import.meta.url));

/**
 * The Electron app as plain JavaScript: main.mjs (ESM main process; `electron` and `pino` stay
 * external, the TypeScript of shared/ is bundled in), preload.cjs (a sandboxed preload must be one
 * CommonJS file), and renderer/ (the same build the agent serves). Returns the files written.
 */
export async function buildKioskApp(outDir = appDir): Promise<string[]> {
  await rm(outDir, { recursive: true, force: true });
  const common: BuildOptions = { bundle: true, write: true, legalComments: 'none', logLevel: 'warning', external: ['electron', 'pino'] };
  await build({ ...common, entryPoints: [join(srcDir, 'main/entry.ts')], outfile: join(outDir, 'main.mjs'), platform: 'node', format: 'esm', target: 'node22' });
  await build({ ...common, entryPoints: [join(srcDir, 'preload/preload.ts')], outfile: join(outDir, 'preload.cjs'), platform: 'browser', format: 'cjs', target: 'chrome120' });
  const renderer = await buildRenderer(join(outDir, 'renderer'));
  return ['main.mjs', 'preload.cjs', ...renderer.map((name) => `renderer/${name}`)];
}
