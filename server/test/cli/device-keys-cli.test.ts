import { dialects, freshDatabase, type TestDatabase } from '@studio/testkit/server/databases';
import { runStudio } from '@studio/testkit/server/processes';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { openDatabase } from '../../src/db/dialects/open.js';
import type { Db } from '../../src/db/types.js';
import { demoCompanyId } from '../../src/modules/setup/demo.js';

/** Issue 29: device keys minted by `studio keys create --device`, and an agent's key bound to its device without a new secret. */
describe.each(dialects)('device keys from the CLI (%s)', (dialect) => {
  let database: TestDatabase;
  let db: Db;
  let app: FastifyInstance;
  let brooklyn: string;
  beforeAll(async () => {
    database = await freshDatabase(dialect);
    expect((await studio('demo')).code).toBe(0);
    db = await openDatabase(database.url);
    app = await buildApp({ db });
    brooklyn = (await db.first(db.qb.selectFrom('locations').select('id').where('company_id', '=', demoCompanyId).where('slug', '=', 'brooklyn')))!.id;
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await db?.close();
    await database.drop();
  });

  const studio = (...args: string[]) => runStudio(database.url, args);
  const heartbeat = (key: string, deviceId: string) =>
    app.inject({
      method: 'POST',
      url: '/v1/devices/heartbeat',
      headers: { authorization: `Bearer ${key}` },
      payload: {
        location_id: brooklyn,
        device_id: deviceId,
        agent_version: '0.1.0',
        status: 'ok',
        sent_at: '2026-06-01T09:00:00.000Z',
        devices: [],
        outbox: { pending: 0, rejected: 0, oldest_pending_at: null },
        cache: { synced_at: null, age_s: null, max_age_s: 86_400, stale: true },
        last_scan_at: null,
        kiosk: null,
      },
    });

  it('mints a device key for one device at one location, with its kind, listed with its device', async () => {
    const created = await studio('keys', 'create', '--company', demoCompanyId, '--device', 'north-gate', '--kind', 'turnstile', '--locations', 'brooklyn');
    expect(created.code, created.stderr).toBe(0);
    const key = JSON.parse(created.stdout);
    expect(key).toMatchObject({ device: { id: 'north-gate', kind: 'turnstile' }, location_ids: [brooklyn], scopes: ['checkin:members'] });
    expect((await heartbeat(key.key, 'north-gate')).statusCode).toBe(200);
    expect(JSON.parse((await heartbeat(key.key, 'south-gate')).body).error).toMatchObject({ code: 'device_only', param: 'device_id' });
    const listed = JSON.parse((await studio('keys', 'list', '--company', demoCompanyId)).stdout) as { id: string; device: unknown }[];
    expect(listed.find((entry) => entry.id === key.id)!.device).toEqual({ id: 'north-gate', kind: 'turnstile' });
  });

  it('refuses a device key without its kind, of every location, or of an unknown kind', async () => {
    for (const args of [
      ['--device', 'x-gate', '--locations', 'brooklyn'],
      ['--device', 'x-gate', '--kind', 'turnstile', '--locations', 'all'],
      ['--device', 'x-gate', '--kind', 'elevator', '--locations', 'brooklyn'],
    ]) {
      const outcome = await studio('keys', 'create', '--company', demoCompanyId, ...args);
      expect(outcome.code, outcome.stdout).not.toBe(0);
    }
  });

  it("binds an agent's checkin:members key to its device, keeping the secret: it then reports that device only", async () => {
    const plain = JSON.parse((await studio('keys', 'create', '--company', demoCompanyId, '--scopes', 'checkin:members', '--locations', 'brooklyn', '--name', 'old door')).stdout);
    expect(JSON.parse((await heartbeat(plain.key, 'old-door')).body).error).toMatchObject({ code: 'device_only' });
    const bound = await studio('keys', 'bind-device', plain.id, '--device', 'old-door', '--kind', 'turnstile');
    expect(bound.code, bound.stderr).toBe(0);
    expect(JSON.parse(bound.stdout)).toMatchObject({ id: plain.id, last4: plain.last4, device: { id: 'old-door', kind: 'turnstile' }, location_ids: [brooklyn], scopes: ['checkin:members'] });
    expect((await heartbeat(plain.key, 'old-door')).statusCode).toBe(200);
    expect((await heartbeat(plain.key, 'north-gate')).statusCode).toBe(403);
    const everywhere = JSON.parse((await studio('keys', 'create', '--company', demoCompanyId, '--scopes', 'checkin:members', '--locations', 'all')).stdout);
    const unnamed = await studio('keys', 'bind-device', everywhere.id, '--device', 'any-door', '--kind', 'turnstile');
    expect(unnamed.code).not.toBe(0);
    expect(unnamed.stderr).toContain('name the one its device stands at');
  });
});
