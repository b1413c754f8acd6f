import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { RendererFile } from './bundle-renderer.js';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

/** The bundled renderer written out, for a packaged app that carries no esbuild. */
export async function writeRendererDir(files: ReadonlyMap<string, RendererFile>, dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  for (const [name, file] of files) await writeFile(join(dir, name), file.body);
}

/** The renderer's files read back into memory, as the shell serves them. */
export async function readRendererDir(dir: string): Promise<Map<string, RendererFile>> {
  const files = new Map<string, RendererFile>();
  for (const name of await readdir(dir)) {
    const contentType = contentTypes[extname(name)];
    if (contentType) files.set(name, { body: await readFile(join(dir, name)), contentType });
  }
  return files;
}
