import { startFixture, type Fixture } from '@studio/testkit/server/fixture';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { defaultLimits, type ServerLimits } from '../../src/config.js';
import { changedTables, databaseDigest } from '../helpers/database-digest.js';
import { expectEnvelope } from '../helpers/envelope.js';
import { openConnection, parseResponse, sleep, type RawConnection } from './raw-http.js';

type App = Awaited<ReturnType<typeof buildApp>>;

/** Writes `text` a byte at a time every `everyMs` until the server closes the connection. */
async function dribble(connection: RawConnection, text: string, everyMs: number): Promise<void> {
  for (let i = 0; !connection.socket.destroyed; i = (i + 1) % text.length) {
    await connection.write(text[i]!);
    await sleep(everyMs);
  }
}

describe('slow clients', () => {
  let f: Fixture;
  let app: App;
  let port: number;
  const limits: ServerLimits = { ...defaultLimits, headersTimeoutMs: 400, requestTimeoutMs: 800, socketTimeoutMs: 5000 };

  beforeAll(async () => {
    f = await startFixture('sqlite');
    app = await buildApp({ db: f.db, limits });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await app.close();
    await f.close();
  });

  /** Pings over fresh connections until `until` settles; answers every status seen. */
  async function pingMeanwhile(until: Promise<unknown>): Promise<number[]> {
    const statuses: number[] = [];
    let done = false;
    void until.finally(() => (done = true));
    while (!done) {
      const response = await fetch(`http://127.0.0.1:${port}/v1/ping`, { headers: { authorization: `Bearer ${f.keys.all}` } });
      statuses.push(response.status);
      await sleep(50);
    }
    return statuses;
  }

  it('cuts off a client dribbling its headers (slowloris) with 408, while serving others', async () => {
    const slow = await openConnection(port);
    void dribble(slow, 'GET /v1/ping HTTP/1.1\r\nHost: x\r\nX-Slow: abcdefghijklmnopqrstuvwxyz', 20);
    const [closedAfter, others] = await Promise.all([slow.closed, pingMeanwhile(slow.closed)]);
    expect(closedAfter).toBeGreaterThanOrEqual(limits.headersTimeoutMs - 50);
    expect(closedAfter).toBeLessThan(limits.headersTimeoutMs + 5000);
    expectEnvelope(parseResponse(slow.received())!, 408, 'request_timeout');
    expect(others.length).toBeGreaterThan(0);
    expect(others.every((status) => status === 200)).toBe(true);
  });

  it('cuts off a body that trickles in and writes nothing of it, while serving others', async () => {
    const before = await databaseDigest(f.db);
    const slow = await openConnection(port);
    const body = JSON.stringify({ first_name: 'Trickle', location_id: f.acme.us.id, notes: 'n'.repeat(100) });
    await slow.write(`POST /v1/contacts HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${f.keys.all}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`);
    void dribble(slow, body, 20);
    const [closedAfter, others] = await Promise.all([slow.closed, pingMeanwhile(slow.closed)]);
    expect(closedAfter).toBeGreaterThanOrEqual(limits.requestTimeoutMs - 50);
    expect(closedAfter).toBeLessThan(limits.requestTimeoutMs + 5000);
    expectEnvelope(parseResponse(slow.received())!, 408, 'request_timeout');
    expect(others.every((status) => status === 200)).toBe(true);
    expect(changedTables(before, await databaseDigest(f.db))).toEqual([]);
  });

  it('holds at most MAX_CONNECTIONS sockets and serves again once one is freed', async () => {
    const capped = await buildApp({ db: f.db, limits: { ...defaultLimits, maxConnections: 3 } });
    await capped.listen({ port: 0, host: '127.0.0.1' });
    const cappedPort = (capped.server.address() as { port: number }).port;
    try {
      const held = await Promise.all([1, 2, 3].map(() => openConnection(cappedPort)));
      const extra = await openConnection(cappedPort);
      await extra.write(`GET /v1/ping HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${f.keys.all}\r\n\r\n`);
      await Promise.race([extra.closed, sleep(3000)]);
      expect(extra.socket.destroyed || extra.received() === '').toBe(true);
      expect(extra.received()).toBe('');
      held[0]!.socket.destroy();
      await held[0]!.closed;
      await sleep(50);
      const response = await fetch(`http://127.0.0.1:${cappedPort}/v1/ping`, { headers: { authorization: `Bearer ${f.keys.all}` } });
      expect(response.status).toBe(200);
      for (const connection of held) connection.socket.destroy();
    } finally {
      await capped.close();
    }
  });
});
