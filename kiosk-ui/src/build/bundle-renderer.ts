import { readFile } from 'node:fs/promises';
import { build } from 'esbuild';

export interface RendererFile {
  body: Buffer;
  contentType: string;
}

const rendererDir = new URL('../renderer/', import.meta.url);

/**
 * The renderer as served files, keyed by their path below `/kiosk/` (`index.html`, `app.js`,
 * `app.css`): the TypeScript entry bundled by esbuild in memory (a few tens of milliseconds),
 * so the agent serves and Electron loads the same bytes with no build step before `npm start`.
 */
export async function bundleRenderer(): Promise<Map<string, RendererFile>> {
  const result = await build({
    entryPoints: [new URL('main.ts', rendererDir).pathname],
    bundle: true,
    write: false,
    format: 'esm',
    target: 'chrome120',
    minify: true,
    sourcemap: false,
    legalComments: 'none',
    outfile: 'app.js',
  });
  const files = new Map<string, RendererFile>();
  for (const output of result.outputFiles) {
    files.set(output.path.split('/').pop()!, { body: Buffer.from(output.contents), contentType: 'text/javascript; charset=utf-8' });
  }
  files.set('index.html', { body: await readFile(new URL('index.html', rendererDir)), contentType: 'text/html; charset=utf-8' });
  files.set('app.css', { body: await readFile(new URL('app.css', rendererDir)), contentType: 'text/css; charset=utf-8' });
  return files;
}
