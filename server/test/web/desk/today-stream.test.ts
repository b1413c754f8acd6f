import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dialects } from '@studio/testkit/server/databases';
import { startFixture, type Fixture } from '@studio/testkit/server/fixture';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/db/dialects/open.js';
import type { Db } from '../../../src/db/types.js';
import type { Actor } from '../../../src/domain/actor.js';
import { deviceActor } from '@studio/testkit/server/device-actor';
import { checkIn } from '../../../src/modules/members/checkin.js';
import { registerTodayStream, todayStreamPath } from '../../../src/web/desk/today-stream.js';
import { clockAt, deskStudio } from './desk-studio.js';

interface Received {
  id: string;
  data: { id: string; kind: string; at: string; offline: boolean; flags: string[]; contact: { name: string } | null; message: string };
  at: number;
}

/** A stream's events as they arrive, with the time each came. */
function listen(port: number, locationId: string, lastEventId?: string) {
  const events: Received[] = [];
  let comments = 0;
  let response: IncomingMessage | undefined;
  const request = httpRequest({ port, path: `${todayStreamPath}?location_id=${locationId}`, headers: lastEventId ? { 'last-event-id': lastEventId } : {} });
  const opened = new Promise<IncomingMessage>((resolve) =>
    request.on('response', (res) => {
      response = res;
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.startsWith(':')) comments += 1;
          const id = /^id: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (id && data) events.push({ id, data: JSON.parse(data) as Received['data'], at: performance.now() });
        }
      });
      resolve(res);
    }),
  );
  request.on('error', () => undefined);
  request.end();
  return {
    events,
    comments: () => comments,
    opened,
    close: () => {
      response?.destroy();
      request.destroy();
    },
  };
}

async function until<T>(check: () => T | undefined, timeoutMs = 3000): Promise<T> {
  const start = performance.now();
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (performance.now() - start > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Issue 17, Today's live feed: rows any process commits reach every browser watching, within a second, resumable. */
describe.each(dialects)("Today's live stream (%s)", (dialect) => {
  let f: Fixture;
  let app: FastifyInstance;
  let port: number;
  let writer: Db;
  let s: Awaited<ReturnType<typeof deskStudio>>;
  let actor: Actor;
  const base = Date.parse('2031-03-04T14:00:00.000Z');

  beforeAll(async () => {
    f = await startFixture(dialect);
    s = await deskStudio(f);
    actor = s.desk;
    app = Fastify();
    // The real app renders ApiError as the envelope; here its status and code are enough.
    app.setErrorHandler((error: { status?: number; code?: string }, _request, reply) => reply.code(error.status ?? 500).send({ code: error.code }));
    registerTodayStream(app, f.db, async () => actor, { clock: clockAt(base), heartbeatMs: 200 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
    // Another handle on the same database, as another server process or the kiosk's would be.
    writer = await openDatabase(f.url);
  });
  afterAll(async () => {
    await app.close();
    await writer.close();
    await f.close();
  });

  it('delivers a visit committed through another database handle within a second, and resumes after Last-Event-ID', async () => {
    const member = await s.build.member({ locationId: s.site, firstName: 'Rita' });
    const gate = deviceActor(f.acme.id, s.site, 'gate-1', 'turnstile');
    const enter = (ms: number) => checkIn(writer, gate, { location_id: s.site, membership_id: member.membershipId, source: 'turnstile', device_id: 'gate-1' }, clockAt(ms));
    const first = listen(port, s.site);
    const second = listen(port, s.site);
    await Promise.all([first.opened, second.opened]);
    // Let the shared poller learn what exists before the visit.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const { visit } = await enter(base + 1000);
    const committed = performance.now();
    const seen = await until(() => first.events.find((e) => e.data.id === `visit:${visit.id}`));
    expect(seen.at - committed).toBeLessThan(1000);
    expect(seen.data).toMatchObject({ kind: 'visit', contact: { name: 'Rita' }, message: 'Checked in' });
    await until(() => second.events.find((e) => e.data.id === `visit:${visit.id}`));
    expect(first.comments()).toBeGreaterThan(0);
    first.close();
    second.close();

    // While nobody watches, two more; a browser resuming after the first is sent both, not the first again.
    const later = [(await enter(base + 2000)).visit.id, (await enter(base + 3000)).visit.id];
    const resumed = listen(port, s.site, seen.id);
    await resumed.opened;
    await until(() => (resumed.events.length >= 2 ? true : undefined));
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(resumed.events.map((e) => e.data.id)).toEqual(later.map((id) => `visit:${id}`));
    resumed.close();
  });

  it('delivers an offline visit when it syncs, though it happened hours before', async () => {
    const member = await s.build.member({ locationId: s.site, firstName: 'Otto', status: 'paused' });
    const watching = listen(port, s.site);
    await watching.opened;
    await new Promise((resolve) => setTimeout(resolve, 500));
    const happened = new Date(base - 2 * 3600_000).toISOString();
    const { visit } = await checkIn(
      writer,
      deviceActor(f.acme.id, s.site, 'kiosk-1', 'kiosk'),
      { location_id: s.site, membership_id: member.membershipId, source: 'kiosk', device_id: 'kiosk-1', offline: true, checked_in_at: happened },
      clockAt(base + 5000),
    );
    const seen = await until(() => watching.events.find((e) => e.data.id === `visit:${visit.id}`));
    expect(seen.data).toMatchObject({ at: happened, offline: true, flags: ['ineligible_at_checkin', 'paused', 'no_card'], message: 'Let in while offline: follow up' });
    watching.close();
  });

  it('ends open streams when the server closes, instead of waiting on them', async () => {
    const closing = Fastify();
    registerTodayStream(closing, f.db, async () => actor, { clock: clockAt(base) });
    await closing.listen({ port: 0, host: '127.0.0.1' });
    const watching = listen((closing.server.address() as AddressInfo).port, s.site);
    const response = await watching.opened;
    const ended = new Promise((resolve) => response.on('end', resolve));
    await closing.close();
    await ended;
    watching.close();
  });

  it('sends nothing of a location the staff member does not work at', async () => {
    const answer = await app.inject({ method: 'GET', url: `${todayStreamPath}?location_id=${s.elsewhere}` });
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toEqual({ code: 'location_not_allowed' });
  });
});
