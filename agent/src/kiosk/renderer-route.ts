import { ApiError } from '@studio/shared';
import { bundleRenderer, type RendererFile } from '@studio/kiosk-ui/bundle';
import { contentSecurityPolicy } from '@studio/kiosk-ui/csp';
import type { Router } from '../local-api/router.js';

/** Sent with every renderer file: nothing inline, nothing from elsewhere, no framing. */
const pageHeaders = {
  'content-security-policy': contentSecurityPolicy,
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
};

/**
 * `GET /kiosk/`: the renderer, for any browser in kiosk mode on this box. It is bundled on the
 * first request (esbuild, in memory) and kept; a failed bundle is retried on the next request.
 */
export function addRendererRoutes(router: Router, guard: (host: string | undefined) => void): void {
  let files: Promise<Map<string, RendererFile>> | null = null;
  const load = () =>
    (files ??= bundleRenderer().catch((error: unknown) => {
      files = null;
      throw error;
    }));

  router.add('GET', '/kiosk', (req) => {
    guard(req.headers.host);
    return { status: 308, body: '', contentType: 'text/plain; charset=utf-8', headers: { location: '/kiosk/' } };
  });
  router.addPrefix('GET', '/kiosk/', async (req) => {
    guard(req.headers.host);
    const name = new URL(req.url ?? '/', 'http://local').pathname.slice('/kiosk/'.length) || 'index.html';
    const file = (await load()).get(name);
    if (!file) throw new ApiError('route_not_found', `No kiosk file ${name}.`);
    return { body: file.body, contentType: file.contentType, headers: pageHeaders };
  });
}
