import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError } from '@studio/shared';
import { dialects } from '@studio/testkit/server/databases';
import { startFixture, type Fixture } from '@studio/testkit/server/fixture';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../../src/domain/actor.js';
import { registerTodayStream, todayStreamPath } from '../../../src/web/desk/today-stream.js';
import { clockAt, deskStudio } from './desk-studio.js';

/** A stream's head, its heartbeats so far, and whether the server ended it. */
async function watch(port: number, locationId: string) {
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    const request = httpRequest({ port, host: '127.0.0.1', path: `${todayStreamPath}?location_id=${locationId}` });
    request.on('response', resolve);
    request.on('error', reject);
    request.end();
  });
  let heartbeats = 0;
  let ended = false;
  response.setEncoding('utf8');
  response.on('data', (chunk: string) => (heartbeats += chunk.split(': heartbeat').length - 1));
  const end = new Promise<void>((resolve) => response.on('end', resolve)).then(() => (ended = true));
  return { status: response.statusCode, heartbeats: () => heartbeats, ended: () => ended, end, close: () => response.destroy() };
}

const within = <T>(work: Promise<T>, ms: number) => Promise.race([work, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`not within ${ms} ms`)), ms))]);

/** A stream asks again, at each heartbeat, whether its watcher may go on watching. */
describe.each(dialects)('the Today stream checks its watcher again (%s)', (dialect) => {
  let f: Fixture;
  let app: FastifyInstance;
  let port: number;
  let s: Awaited<ReturnType<typeof deskStudio>>;
  /** What the session layer answers now: an actor, or a refusal. */
  let watcher: () => Actor;
  const uses: string[] = [];

  beforeAll(async () => {
    f = await startFixture(dialect);
    s = await deskStudio(f);
    app = Fastify();
    app.setErrorHandler((error: { status?: number; code?: string }, _request, reply) => reply.code(error.status ?? 500).send({ code: error.code }));
    registerTodayStream(
      app,
      f.db,
      async (_request, use = 'open') => {
        uses.push(use);
        return watcher();
      },
      { clock: clockAt(Date.parse('2031-03-04T14:00:00.000Z')), heartbeatMs: 50 },
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await app.close();
    await f.close();
  });

  it('keeps a stream open while its watcher may watch, asking again without counting it as use', async () => {
    watcher = () => s.desk;
    uses.length = 0;
    const stream = await watch(port, s.site);
    try {
      expect(stream.status).toBe(200);
      await within(
        (async () => {
          while (stream.heartbeats() < 4) await new Promise((resolve) => setTimeout(resolve, 20));
        })(),
        3000,
      );
      expect(stream.ended()).toBe(false);
      expect(uses[0]).toBe('open');
      expect(uses.slice(1).every((use) => use === 'recheck') && uses.length > 2).toBe(true);
    } finally {
      stream.close();
    }
  });

  it('ends a stream whose session ended', async () => {
    watcher = () => s.desk;
    const stream = await watch(port, s.site);
    watcher = () => {
      throw new ApiError('invalid_session', 'You are signed out; sign in again.');
    };
    await within(stream.end, 2000);
  });

  it('ends a stream whose watcher no longer works at the location', async () => {
    watcher = () => s.desk;
    const stream = await watch(port, s.site);
    watcher = () => ({ ...s.desk, locationIds: [s.elsewhere] });
    await within(stream.end, 2000);
  });
});
