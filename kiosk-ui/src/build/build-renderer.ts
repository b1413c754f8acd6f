import { copyFile, mkdir, readdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { builtRendererDir } from './renderer-location.js';

const sourceDir = fileURLToPath(new URL('../renderer/', import.meta.url));

/**
 * Writes the renderer as the files a host serves below `/kiosk/`: the TypeScript entry bundled by
 * esbuild into app.js, beside index.html and app.css. Built into a fresh folder that then replaces
 * `outDir` whole, so a host never reads half a build. Returns the names written.
 */
export async function buildRenderer(outDir = builtRendererDir): Promise<string[]> {
  const staging = `${outDir.replace(/\/$/, '')}.partial-${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true });
  try {
    await build({
      entryPoints: [join(sourceDir, 'main.ts')],
      bundle: true,
      write: true,
      format: 'esm',
      target: 'chrome120',
      minify: true,
      sourcemap: false,
      legalComments: 'none',
      logLevel: 'warning',
      outfile: join(staging, 'app.js'),
    });
    for (const name of ['index.html', 'app.css']) await copyFile(join(sourceDir, name), join(staging, name));
    await rm(outDir, { recursive: true, force: true });
    await rename(staging, outDir);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  return (await readdir(outDir)).sort();
}
