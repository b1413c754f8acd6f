import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError } from '@studio/shared';

/** A handler answers JSON (returned) or takes over the response itself (a stream) and returns undefined. */
export type RouteHandler = (req: IncomingMessage, res: ServerResponse) => Promise<RouteAnswer | undefined> | RouteAnswer | undefined;

export interface RouteAnswer {
  status?: number;
  /** A string or a Buffer is sent as is with `contentType`; anything else as JSON. */
  body: unknown;
  contentType?: string;
  headers?: Record<string, string>;
}

/**
 * The local API's routes: exact method + path, so each feature registers its own (health,
 * metrics, events, the kiosk) without touching the server code; a prefix route serves a folder
 * (the kiosk's renderer files) and yields to exact routes. Handlers throw `ApiError`; this is the
 * one place it becomes the API's envelope.
 */
export class Router {
  private readonly routes = new Map<string, RouteHandler>();
  private readonly prefixes: { method: string; prefix: string; handler: RouteHandler }[] = [];

  /**
   * `onFault` hears every error that is not an `ApiError` (a bug or a broken disk), for the log.
   * `admit` runs before any route, also an unknown one; it refuses a request by throwing an `ApiError`.
   */
  constructor(
    private readonly onFault: (error: unknown) => void = () => {},
    private readonly admit: (req: IncomingMessage) => void = () => {},
  ) {}

  add(method: 'GET' | 'POST', path: string, handler: RouteHandler): this {
    const key = `${method} ${path}`;
    if (this.routes.has(key)) throw new Error(`route ${key} is registered twice`);
    this.routes.set(key, handler);
    return this;
  }

  /** Every path under `prefix` (ending in `/`) not taken by an exact route. */
  addPrefix(method: 'GET', prefix: string, handler: RouteHandler): this {
    if (!prefix.endsWith('/')) throw new Error(`prefix ${prefix} must end with /`);
    this.prefixes.push({ method, prefix, handler });
    return this;
  }

  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://local').pathname;
    const handler = this.routes.get(`${req.method} ${path}`) ?? this.prefixes.find((p) => p.method === req.method && path.startsWith(p.prefix))?.handler;
    try {
      this.admit(req);
      if (!handler) throw new ApiError('route_not_found', `No route ${req.method} ${path}.`);
      const answer = await handler(req, res);
      if (answer) send(res, answer);
    } catch (error) {
      // Anything but an ApiError is a fault: the detail goes to the log, a local client gets the envelope only.
      if (!(error instanceof ApiError)) this.onFault(error);
      const known = error instanceof ApiError ? error : new ApiError('internal_error', 'The agent failed to answer.');
      if (res.headersSent) res.end();
      else {
        const body = { error: { type: known.type, code: known.code, message: known.message, ...(known.param && { param: known.param }), ...known.details } };
        send(res, { status: known.status, body, ...(known.retryAfter !== undefined && { headers: { 'retry-after': String(known.retryAfter) } }) });
      }
    }
  }
}

function send(res: ServerResponse, answer: RouteAnswer): void {
  const raw = typeof answer.body === 'string' || Buffer.isBuffer(answer.body);
  const payload = raw ? (answer.body as string | Buffer) : JSON.stringify(answer.body);
  res.writeHead(answer.status ?? 200, {
    'content-type': answer.contentType ?? 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    ...answer.headers,
  });
  res.end(payload);
}
