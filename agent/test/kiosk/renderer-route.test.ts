import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { contentSecurityPolicy } from '@studio/shared/kiosk-renderer';
import { tempDir } from '@studio/testkit/agent/test-agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRendererRoutes } from '../../src/kiosk/renderer-route.js';
import { requireLoopbackHost } from '../../src/local-api/host-guard.js';
import { Router } from '../../src/local-api/router.js';

/** The renderer routes alone on a loopback server, serving `rendererDir`. */
async function serveRenderer(rendererDir: string | undefined): Promise<{ url: string; close(): Promise<void> }> {
  const router = new Router();
  addRendererRoutes(router, requireLoopbackHost, rendererDir);
  const server: Server = createServer((req, res) => void router.handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/kiosk/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('the renderer route (kiosk.renderer_dir)', () => {
  const temp = tempDir();
  afterAll(() => temp.remove());

  describe('on a folder the build has not written yet', () => {
    const dir = join(temp.dir, 'renderer');
    let served: Awaited<ReturnType<typeof serveRenderer>>;
    beforeAll(async () => {
      served = await serveRenderer(dir);
    });
    afterAll(() => served.close());

    it('answers 404 naming the missing file and the command that builds it, then serves the build once it is there', async () => {
      const missing = await fetch(served.url);
      expect(missing.status).toBe(404);
      expect(missing.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(await missing.text()).toBe(
        `The kiosk renderer is not built: ${join(dir, 'index.html')} is missing. To serve it, build it with \`npm run build\` at the repository root (it writes kiosk-ui/dist/renderer/), then reload this page.\n`,
      );

      mkdirSync(dir);
      writeFileSync(join(dir, 'app.js'), 'export {};');
      expect((await fetch(served.url)).status).toBe(404);
      writeFileSync(join(dir, 'index.html'), '<!doctype html><title>kiosk</title>');
      writeFileSync(join(dir, 'notes.txt'), 'not a renderer file');
      const page = await fetch(served.url);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-security-policy')).toBe(contentSecurityPolicy);
      expect(page.headers.get('x-frame-options')).toBe('DENY');
      expect(page.headers.get('referrer-policy')).toBe('no-referrer');
      expect(await page.text()).toBe('<!doctype html><title>kiosk</title>');
      expect((await fetch(`${served.url}app.js`)).headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      // Only the kinds of file a renderer has are served, whatever else lies in the folder.
      const other = await fetch(`${served.url}notes.txt`);
      expect(other.status).toBe(404);
      expect(((await other.json()) as { error: { code: string } }).error.code).toBe('route_not_found');
    });
  });

  it('without a folder configured, says which setting serves the renderer', async () => {
    const served = await serveRenderer(undefined);
    try {
      const answer = await fetch(served.url);
      expect(answer.status).toBe(404);
      expect(await answer.text()).toContain('This agent serves no kiosk renderer: set kiosk.renderer_dir in its config');
    } finally {
      await served.close();
    }
  });
});
