import type { IncomingMessage, ServerResponse } from 'node:http';

/** A handler answers JSON (returned) or takes over the response itself (a stream) and returns undefined. */
export type RouteHandler = (req: IncomingMessage, res: ServerResponse) => Promise<RouteAnswer | undefined> | RouteAnswer | undefined;

export interface RouteAnswer {
  status?: number;
  /** A string is sent as is with `contentType`; anything else as JSON. */
  body: unknown;
  contentType?: string;
}

/**
 * The local API's routes: exact method + path, so each feature registers its own (health,
 * metrics, events today; the kiosk's class endpoints later) without touching the server code.
 */
export class Router {
  private readonly routes = new Map<string, RouteHandler>();

  add(method: 'GET' | 'POST', path: string, handler: RouteHandler): this {
    const key = `${method} ${path}`;
    if (this.routes.has(key)) throw new Error(`route ${key} is registered twice`);
    this.routes.set(key, handler);
    return this;
  }

  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://local').pathname;
    const handler = this.routes.get(`${req.method} ${path}`);
    try {
      const answer = handler ? await handler(req, res) : { status: 404, body: { error: { code: 'route_not_found', message: `No route ${req.method} ${path}.` } } };
      if (answer) send(res, answer);
    } catch {
      // The detail goes to the log by the caller's error listener; a local client gets the envelope only.
      if (!res.headersSent) send(res, { status: 500, body: { error: { code: 'internal_error', message: 'The agent failed to answer.' } } });
      else res.end();
    }
  }
}

function send(res: ServerResponse, answer: RouteAnswer): void {
  const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
  res.writeHead(answer.status ?? 200, { 'content-type': answer.contentType ?? 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(text);
}
