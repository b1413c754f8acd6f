import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { ApiError } from '@studio/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../plugins/errors.js';

/**
 * The apps' pages load only the server's own scripts and styles: an injected script cannot run,
 * post elsewhere, or frame the app. Inline styles stay allowed for the component library.
 */
export const appContentSecurityPolicy =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

/** The built app of a workspace (`web-app`, `member-app`): its `dist/` beside the server package, found by walking up to the server's package.json, from its sources or its bundle alike. */
function repositoryDist(workspace: string): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === '@studio/server') return join(dir, '..', workspace, 'dist');
    const parent = dirname(dir);
    if (parent === dir) return resolve(workspace, 'dist');
    dir = parent;
  }
}

/** The built staff web app: WEB_APP_DIR, else the repository's web-app/dist/. */
export function defaultWebAppDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.WEB_APP_DIR ? resolve(env.WEB_APP_DIR) : repositoryDist('web-app');
}

/** The built members' app: MEMBER_APP_DIR, else the repository's member-app/dist/. */
export function defaultMemberAppDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.MEMBER_APP_DIR ? resolve(env.MEMBER_APP_DIR) : repositoryDist('member-app');
}

/** A browser app the server serves: its path (`/app`, `/m`), its built folder, and its name for the page saying it is not built. */
export interface StaticApp {
  prefix: '/app' | '/m';
  dir: string;
  title: string;
}

const notBuiltPage = (title: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Studio: ${title} not built</title></head>
<body><h1>The ${title} is not built</h1>
<p>This server has no built ${title} to serve. Run <code>npm run build</code> in the repository, then reload this page.</p>
</body></html>
`;

const pathOf = (request: FastifyRequest) => request.url.split('?')[0]!;
const within = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/**
 * Serves a built app at `<prefix>/`: hashed assets (`<prefix>/assets/`, named by Vite by content
 * hash, so a changed file is a new name) cached for a year, everything else (index.html, a service
 * worker, the manifest) revalidated on each load so a new build is picked up, and index.html for
 * any other path the client-side router owns. `<prefix>/api` is never a page: an unknown endpoint
 * there is the API's JSON 404. Every answer under the prefix carries the CSP and security headers.
 */
export async function registerStaticApp(app: FastifyInstance, served: StaticApp): Promise<void> {
  const { prefix, dir } = served;
  const api = `${prefix}/api`;
  const isApi = (path: string) => within(path, api);
  const isHashedAsset = (path: string) => path.startsWith(`${prefix}/assets/`);
  const built = existsSync(join(dir, 'index.html'));
  app.addHook('onRequest', async (request, reply) => {
    if (!within(pathOf(request), prefix)) return;
    reply.header('Content-Security-Policy', appContentSecurityPolicy);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'no-referrer');
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const path = pathOf(request);
    if (isApi(path)) reply.header('Cache-Control', 'no-store');
    else if (within(path, prefix)) reply.header('Cache-Control', isHashedAsset(path) && reply.statusCode === 200 ? 'public, max-age=31536000, immutable' : 'no-cache');
    return payload;
  });
  app.get(prefix, (_request, reply) => reply.redirect(`${prefix}/`, 301));
  await app.register(
    async (scope) => {
      scope.setNotFoundHandler((request, reply) => {
        const path = pathOf(request);
        const page = (request.method === 'GET' || request.method === 'HEAD') && !isApi(path) && !isHashedAsset(path);
        if (!page) return sendError(reply, new ApiError('route_not_found', `No route ${request.method} ${path}.`));
        if (!built) return reply.code(503).type('text/html; charset=utf-8').send(notBuiltPage(served.title));
        return reply.type('text/html; charset=utf-8').sendFile('index.html');
      });
      if (built) await scope.register(fastifyStatic, { root: resolve(dir), prefix: '/', cacheControl: false, index: 'index.html' });
    },
    { prefix },
  );
}
