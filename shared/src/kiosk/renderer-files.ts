import { readdir, readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';

/** One file of the built kiosk renderer, as a host sends it. */
export interface RendererFile {
  body: Buffer;
  contentType: string;
}

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

/**
 * The built renderer's files (kiosk-ui's `npm run build`) read into memory, keyed by their name
 * below `/kiosk/`: what the agent serves and the Electron shell loads. Only the kinds a renderer
 * has are read, so nothing else that lies in the folder is ever served.
 */
export async function readRendererDir(dir: string): Promise<Map<string, RendererFile>> {
  const files = new Map<string, RendererFile>();
  for (const name of await readdir(dir)) {
    const contentType = contentTypes[extname(name)];
    if (contentType) files.set(name, { body: await readFile(join(dir, name)), contentType });
  }
  return files;
}
