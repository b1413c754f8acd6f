import { freshDatabase, type TestDatabase } from '@studio/testkit/server/databases';
import { startFixture } from '@studio/testkit/server/fixture';
import { startStudio } from '@studio/testkit/server/processes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { openDatabase } from '../../src/db/dialects/open.js';
import { createKey } from '../../src/modules/keys/repository.js';
import { demoCompanyId, seedDemo } from '../../src/modules/setup/demo.js';
import { demo } from '../helpers/demo-bookings.js';
import { expectEnvelope } from '../helpers/envelope.js';
import { openConnection, parseResponse, parseResponses, sleep } from './raw-http.js';

type Outcome = { status: number; body: { id?: string; first_name?: string } } | { refused: string };

describe('graceful shutdown of `studio serve`', () => {
  let database: TestDatabase;
  let key: string;
  beforeAll(async () => {
    database = await freshDatabase('sqlite');
    const db = await openDatabase(database.url);
    await seedDemo(db);
    key = (await createKey(db, { companyId: demoCompanyId, scopes: 'all', locationIds: 'all' })).key;
    await db.close();
  });
  afterAll(() => database.drop());

  it('on SIGTERM stops accepting, answers every accepted request with its real result, and exits 0', async () => {
    const studio = await startStudio('serve', database.url, 'warn');
    const port = Number(new URL(studio.base).port);
    const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) => studio.child.once('exit', (code, signal) => resolve({ code, signal })));
    const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };

    // A request whose head the server has accepted, its body still on the way when SIGTERM lands.
    const inFlight = await openConnection(port);
    const body = JSON.stringify({ first_name: 'Inflight', location_id: demo.brooklyn });
    await inFlight.write(`POST /v1/contacts HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 12)}`);
    await sleep(200);

    const burst = Array.from({ length: 20 }, (_, i): Promise<Outcome> =>
      fetch(`${studio.base}/contacts`, { method: 'POST', headers, body: JSON.stringify({ first_name: `Burst ${i}`, location_id: demo.brooklyn }) }).then(
        async (response) => ({ status: response.status, body: (await response.json()) as { id?: string } }),
        (error: Error & { cause?: { code?: string } }) => ({ refused: error.cause?.code ?? String(error) }),
      ),
    );
    await sleep(5);
    studio.child.kill('SIGTERM');
    await sleep(300);

    await expect(openConnection(port)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    await inFlight.write(body.slice(12));
    await inFlight.closed;
    const answer = parseResponse(inFlight.received());
    expect(answer?.status).toBe(201);
    expect(JSON.parse(answer!.body)).toMatchObject({ first_name: 'Inflight', location_id: demo.brooklyn });

    expect(await exited).toEqual({ code: 0, signal: null });
    const outcomes = await Promise.all(burst);
    for (const outcome of outcomes) {
      if ('refused' in outcome) continue;
      // A request that got in is answered for real, or told to retry: never a 500.
      expect([201, 503]).toContain(outcome.status);
    }

    const db = await openDatabase(database.url);
    try {
      const names = (await db.all(db.qb.selectFrom('contacts').select(['id', 'first_name']).where('first_name', 'like', 'Burst %'))).map((row) => row.id);
      const answered = outcomes.flatMap((outcome) => ('status' in outcome && outcome.status === 201 ? [outcome.body.id!] : []));
      expect(new Set(names)).toEqual(new Set(answered));
      expect(await db.first(db.qb.selectFrom('contacts').select('id').where('first_name', '=', 'Inflight'))).toEqual({ id: JSON.parse(answer!.body).id });
    } finally {
      await db.close();
    }
  });
});

describe('draining', () => {
  it('finishes the request in flight, then answers one arriving on its connection 503 unavailable in the envelope', async () => {
    const f = await startFixture('sqlite');
    const app = await buildApp({ db: f.db });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const connection = await openConnection((app.server.address() as { port: number }).port);
      const body = JSON.stringify({ first_name: 'Draining', location_id: f.acme.us.id });
      const auth = `Authorization: Bearer ${f.keys.all}`;
      await connection.write(`POST /v1/contacts HTTP/1.1\r\nHost: x\r\n${auth}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`);
      await sleep(100);
      const closed = app.close();
      await sleep(100);
      // The rest of the first body, and a second request pipelined behind it.
      await connection.write(`${body.slice(5)}GET /v1/ping HTTP/1.1\r\nHost: x\r\n${auth}\r\n\r\n`);
      await connection.closed;
      await closed;
      const [created, refused] = parseResponses(connection.received());
      expect(created!.status).toBe(201);
      expectEnvelope(refused!, 503, 'unavailable');
      expect(refused!.headers['retry-after']).toBe('1');
      expect(refused!.headers.connection).toBe('close');
    } finally {
      await f.close();
    }
  });
});
