import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { todayStreamPath } from '../../src/web/desk/today-stream.js';
import { sessionActor } from '../../src/web/session-auth.js';
import { webStudio, type Browser } from './web-studio.js';

type Studio = Awaited<ReturnType<typeof webStudio>>;

/** Opens the stream over a real socket (an injected request would wait for its end) and answers its head and first bytes. */
function open(port: number, locationId: string, as: Browser): Promise<{ status: number; type: string; first: string; close: () => void }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ port, host: '127.0.0.1', path: `${todayStreamPath}?location_id=${locationId}`, headers: { cookie: as.cookie } });
    request.on('response', (response: IncomingMessage) => {
      response.setEncoding('utf8');
      response.once('data', (chunk: string) => resolve({ status: response.statusCode ?? 0, type: String(response.headers['content-type']), first: chunk, close: () => request.destroy() }));
    });
    request.on('error', reject);
    request.end();
  });
}

/** The Today stream as the app mounts it: the session decides who watches, the location rule where. */
describe.each(dialects)('the Today stream behind staff sessions (%s)', (dialect) => {
  const suite = useFreshDatabase(dialect);
  let s: Studio;
  let port: number;
  beforeAll(async () => {
    s = await webStudio(suite.db);
    await s.app.listen({ port: 0, host: '127.0.0.1' });
    port = (s.app.server.address() as AddressInfo).port;
  }, 60_000);
  afterAll(() => s.app.close());

  const refusal = async (url: string, as?: Browser) => {
    const response = await s.send({ method: 'GET', url, as });
    return `${response.statusCode} ${response.json<{ error: { code: string } }>().error.code}`;
  };

  it('refuses a browser without a live session 401 invalid_session before anything streams', async () => {
    const url = `${todayStreamPath}?location_id=${s.studio.north}`;
    expect(await refusal(url)).toBe('401 invalid_session');
    expect(await refusal(url, { cookie: 'studio_session=not-a-session', csrf: '' })).toBe('401 invalid_session');
    const gone = await s.signIn('dee@alder.example');
    expect((await s.send({ method: 'POST', url: '/app/api/sign-out', as: gone })).statusCode).toBe(204);
    expect(await refusal(url, gone)).toBe('401 invalid_session');
  });

  it("refuses the front desk of north the south stream 403, and another company's location 404", async () => {
    const desk = await s.signIn('dee@alder.example');
    expect(await refusal(`${todayStreamPath}?location_id=${s.studio.south}`, desk)).toBe('403 location_not_allowed');
    expect(await refusal(`${todayStreamPath}?location_id=${s.other.north}`, desk)).toBe('404 resource_missing');
  });

  it('opens the stream of north to its front desk, and of south to the owner', async () => {
    for (const [email, location] of [
      ['dee@alder.example', s.studio.north],
      ['olive@alder.example', s.studio.south],
    ] as const) {
      const stream = await open(port, location, await s.signIn(email));
      try {
        expect(stream).toMatchObject({ status: 200, type: 'text/event-stream; charset=utf-8', first: 'retry: 2000\n\n' });
      } finally {
        stream.close();
      }
    }
  });

  it("pushes the session's idle expiry back when a stream opens, not when it is checked again", async () => {
    const browser = await s.signIn('dee@alder.example');
    const token = browser.cookie.split('=')[1]!;
    const request = { protocol: 'http', cookies: { studio_session: token } } as unknown as FastifyRequest;
    const watcher = sessionActor(suite.db, s.settings, { scopes: ['checkin:members'] });
    const seen = async () => (await suite.db.first(suite.db.qb.selectFrom('staff_sessions').select('last_seen_at').where('account_id', '=', s.desk.id).orderBy('last_seen_at', 'desc')))!.last_seen_at;
    const before = await seen();
    s.clock.advance(5 * 60_000);
    expect((await watcher(request, 'recheck')).locationIds).toEqual([s.studio.north]);
    expect(await seen()).toBe(before);
    await watcher(request, 'open');
    expect(await seen()).toBe(new Date(s.clock.now()).toISOString());
  });
});
