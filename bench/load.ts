// The load generator, in its own process so it does not share a core's event loop with the server.
// Input: one JSON argument; output: one JSON line of results.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

interface LoadSpec {
  url: string;
  method: 'GET' | 'POST';
  key: string;
  connections: number;
  durationSeconds: number;
  /** A JSON file of request bodies to pick from at random. */
  bodiesFile?: string;
  paths?: string[];
  /** A JSON file of `{ path, body }` requests to pick from at random (a POST to many ids). */
  requestsFile?: string;
  /** A fresh Idempotency-Key on every request. */
  idempotencyKey?: boolean;
  /** A fixed rate over all connections (requests per second) instead of as fast as the server answers. */
  overallRate?: number;
}

const spec = JSON.parse(process.argv[2]!) as LoadSpec;
const bodies = spec.bodiesFile ? (JSON.parse(readFileSync(spec.bodiesFile, 'utf8')) as unknown[]).map((b) => JSON.stringify(b)) : undefined;
const requests = spec.requestsFile
  ? (JSON.parse(readFileSync(spec.requestsFile, 'utf8')) as { path: string; body: unknown }[]).map((r) => ({ path: r.path, body: JSON.stringify(r.body) }))
  : undefined;
const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)]!;
const result = await autocannon({
  url: spec.url,
  connections: spec.connections,
  duration: spec.durationSeconds,
  ...(spec.overallRate !== undefined && { overallRate: spec.overallRate }),
  requests: [
    {
      method: spec.method,
      setupRequest: (request: autocannon.Request) => ({
        ...request,
        ...(spec.paths && { path: pick(spec.paths) }),
        ...(bodies && { body: pick(bodies) }),
        ...(requests && pick(requests)),
        headers: {
          ...request.headers,
          authorization: `Bearer ${spec.key}`,
          'content-type': 'application/json',
          ...(spec.idempotencyKey && { 'idempotency-key': randomUUID() }),
        },
      }),
    },
  ],
});
process.stdout.write(
  JSON.stringify({
    requests: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  }) + '\n',
);
