import { join } from 'node:path';
import { ApiError } from '@studio/shared';
import { contentSecurityPolicy, readRendererDir, type RendererFile } from '@studio/shared/kiosk-renderer';
import type { Router, RouteAnswer } from '../local-api/router.js';

/** Sent with every renderer file: nothing inline, nothing from elsewhere, no framing. */
const pageHeaders = {
  'content-security-policy': contentSecurityPolicy,
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
};

/** The build the agent does not make itself (it carries no bundler); named for whoever opens the page. */
const buildHint = 'build it with `npm run build` at the repository root (it writes kiosk-ui/dist/renderer/)';

/** A page a person at the kiosk's browser can read, saying what is missing and how to make it. */
function notServed(text: string): RouteAnswer {
  return { status: 404, body: `${text}\n`, contentType: 'text/plain; charset=utf-8', headers: pageHeaders };
}

/**
 * `GET /kiosk/`: the renderer, for any browser in kiosk mode on this box, from the built folder
 * `kiosk.renderer_dir`. Its files are read on the first request and kept; a folder that is missing
 * or holds no index.html answers 404 with the command that builds it, and is read again next time.
 */
export function addRendererRoutes(router: Router, guard: (host: string | undefined) => void, rendererDir: string | undefined): void {
  let kept: Map<string, RendererFile> | null = null;
  const load = async (dir: string) => {
    if (kept) return kept;
    const read = await readRendererDir(dir).catch(() => null);
    if (read?.has('index.html')) kept = read;
    return kept;
  };

  router.add('GET', '/kiosk', (req) => {
    guard(req.headers.host);
    return { status: 308, body: '', contentType: 'text/plain; charset=utf-8', headers: { location: '/kiosk/' } };
  });
  router.addPrefix('GET', '/kiosk/', async (req) => {
    guard(req.headers.host);
    if (rendererDir === undefined) return notServed(`This agent serves no kiosk renderer: set kiosk.renderer_dir in its config to the built renderer's folder, and ${buildHint}.`);
    const read = await load(rendererDir);
    if (!read) return notServed(`The kiosk renderer is not built: ${join(rendererDir, 'index.html')} is missing. To serve it, ${buildHint}, then reload this page.`);
    const name = new URL(req.url ?? '/', 'http://local').pathname.slice('/kiosk/'.length) || 'index.html';
    const file = read.get(name);
    if (!file) throw new ApiError('route_not_found', `No kiosk file ${name}.`);
    return { body: file.body, contentType: file.contentType, headers: pageHeaders };
  });
}
