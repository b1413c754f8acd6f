import { contentSecurityPolicy, type RendererFile } from '@studio/shared/kiosk-renderer';
import type { CustomScheme } from './electron-api.js';
import { isRendererUrl, rendererScheme } from './origin.js';

/**
 * `kiosk://app/...` is a standard, secure scheme: a real origin for `'self'` in the CSP and for the
 * sender check of IPC, without a file:// page that could read the disk. Registered before ready.
 */
export const rendererSchemePrivileges: CustomScheme = {
  scheme: rendererScheme,
  privileges: { standard: true, secure: true, supportFetchAPI: false, corsEnabled: false, stream: false },
};

/** Serves the renderer's files from memory; anything else is a 404. Every answer carries the CSP. */
export function rendererRequestHandler(files: ReadonlyMap<string, RendererFile>) {
  return (request: Request): Response => {
    const path = new URL(request.url).pathname.replace(/^\/+/, '');
    const file = request.method === 'GET' && isRendererUrl(request.url) ? files.get(path === '' ? 'index.html' : path) : undefined;
    const headers = { 'Content-Security-Policy': contentSecurityPolicy, 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' };
    if (!file) return new Response('Not found', { status: 404, headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8' } });
    return new Response(new Uint8Array(file.body), { status: 200, headers: { ...headers, 'Content-Type': file.contentType } });
  };
}
