import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { ApiError } from '@studio/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../plugins/errors.js';

/**
 * The app's pages load only the server's own scripts and styles: an injected script cannot run,
 * post elsewhere, or frame the app. Inline styles stay allowed for the component library.
 */
export const appContentSecurityPolicy =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

/**
 * The built web app: WEB_APP_DIR, else the repository's web-app/dist/ beside the server package
 * (found by walking up to the server's package.json, from its sources or its bundle alike).
 */
export function defaultWebAppDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.WEB_APP_DIR) return resolve(env.WEB_APP_DIR);
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === '@studio/server') return join(dir, '..', 'web-app', 'dist');
    const parent = dirname(dir);
    if (parent === dir) return resolve('web-app', 'dist');
    dir = parent;
  }
}

const notBuiltPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Studio: web app not built</title></head>
<body><h1>The web app is not built</h1>
<p>This server has no built web app to serve. Run <code>npm run build</code> in the repository, then reload this page.</p>
</body></html>
`;

const isApi = (path: string) => path === '/app/api' || path.startsWith('/app/api/');
/** Vite's output names its assets by content hash: a changed file is a new name, so a copy is good for ever. */
const isHashedAsset = (path: string) => path.startsWith('/app/assets/');
const pathOf = (request: FastifyRequest) => request.url.split('?')[0]!;

function securityHeaders(request: FastifyRequest, reply: FastifyReply): void {
  const path = pathOf(request);
  if (path !== '/app' && !path.startsWith('/app/')) return;
  reply.header('Content-Security-Policy', appContentSecurityPolicy);
  reply.header('X-Content-Type-Options', 'nosniff');
  reply.header('Referrer-Policy', 'no-referrer');
}

/**
 * Serves the built web app at /app/: hashed assets cached for a year, index.html revalidated on
 * each load (so a new build is picked up), and index.html for any other /app/ path the client-side
 * router owns. /app/api is never a page: an unknown endpoint there is the API's JSON 404.
 */
export async function registerStaticApp(app: FastifyInstance, webAppDir: string): Promise<void> {
  const built = existsSync(join(webAppDir, 'index.html'));
  app.addHook('onRequest', async (request, reply) => securityHeaders(request, reply));
  app.addHook('onSend', async (request, reply, payload) => {
    const path = pathOf(request);
    if (isApi(path)) reply.header('Cache-Control', 'no-store');
    else if (path === '/app' || path.startsWith('/app/')) {
      reply.header('Cache-Control', isHashedAsset(path) && reply.statusCode === 200 ? 'public, max-age=31536000, immutable' : 'no-cache');
    }
    return payload;
  });
  app.get('/app', (_request, reply) => reply.redirect('/app/', 301));
  await app.register(
    async (scope) => {
      scope.setNotFoundHandler((request, reply) => {
        const path = pathOf(request);
        const page = (request.method === 'GET' || request.method === 'HEAD') && !isApi(path) && !isHashedAsset(path);
        if (!page) return sendError(reply, new ApiError('route_not_found', `No route ${request.method} ${path}.`));
        if (!built) return reply.code(503).type('text/html; charset=utf-8').send(notBuiltPage);
        return reply.type('text/html; charset=utf-8').sendFile('index.html');
      });
      if (built) await scope.register(fastifyStatic, { root: resolve(webAppDir), prefix: '/', cacheControl: false, index: 'index.html' });
    },
    { prefix: '/app' },
  );
}
