import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the server saw of one request. */
export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** How the server answers one request. */
export type Answer = (res: ServerResponse, req: SeenRequest) => void;

export const json =
  (status: number, body: unknown, headers: Record<string, string> = {}): Answer =>
  (res) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_test', ...headers });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };

export const envelope = (status: number, error: Record<string, unknown>, headers: Record<string, string> = {}): Answer => json(status, { error: { request_id: 'req_envelope', ...error } }, headers);

/** Closes the socket without an answer: a reset as the client sees it. */
export const drop: Answer = (res) => res.socket?.destroy();

/** Never answers; the socket is closed when the server stops. */
export const hang: Answer = () => {};

/**
 * A real HTTP server on 127.0.0.1 that answers requests from a script: the n-th request gets the
 * n-th answer, and the last answer repeats. Everything it saw is in `seen`.
 */
export async function startScriptedServer(...script: Answer[]) {
  const seen: SeenRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString() };
      seen.push(request);
      const answer = script[Math.min(seen.length, script.length) - 1];
      if (!answer) throw new Error('scripted server: empty script');
      answer(res, request);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    seen,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type ScriptedServer = Awaited<ReturnType<typeof startScriptedServer>>;

/** A port on which nothing listens: connecting is refused at once. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
