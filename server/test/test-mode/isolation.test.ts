import { createHash } from 'node:crypto';
import { dialects } from '@studio/testkit/server/databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/types.js';
import { businessTables } from '../../src/modules/companies/deletion.js';
import { createDeviceKey, createKey } from '../../src/modules/keys/repository.js';
import { deviceOperations, documentedOperations, serialize, validParts, type Operation } from '../reliability/operations.js';
import { buildWorld, type Target, type World } from '../reliability/world.js';

/**
 * Test mode's promise (docs/api-decisions.md, Keys): a test key never reads or changes live data and
 * a live key never sees test data. The world's "rival" copy of the demo business is made the live
 * company's test-mode twin, so both environments hold a full business with bookings and class
 * spots; every documented operation is then sent across the line both ways, and along it with the
 * test key, whose own data must work as live data does.
 */

const operations = documentedOperations();

/** Every row of the company's business tables, as sorted JSON lines per table. */
async function businessRows(db: Db, companyId: string): Promise<Map<string, string[]>> {
  const tables = new Map<string, string[]>();
  for (const table of Object.keys(businessTables)) {
    // Kysely cannot type a select over a union of tables; each has `company_id`.
    const rows = await db.all(
      db.qb
        .selectFrom(table as 'locations')
        .selectAll()
        .where('company_id', '=', companyId),
    );
    tables.set(table, rows.map((row) => JSON.stringify(row)).sort());
  }
  return tables;
}

/** The business rows hashed: equal before and after means nothing was written. */
async function businessDigest(db: Db, companyId: string): Promise<string> {
  const hash = createHash('sha256');
  for (const [table, rows] of await businessRows(db, companyId)) hash.update(`${table}:${rows.join('\n')}\n`);
  return hash.digest('hex');
}

/** The id of every business row of the company that has one: none may appear in an answer to the other environment. */
async function businessIds(db: Db, companyId: string): Promise<string[]> {
  const rows = [...(await businessRows(db, companyId)).values()].flat().map((line) => JSON.parse(line) as { id?: string });
  return rows.flatMap((row) => (typeof row.id === 'string' ? [row.id] : []));
}

/**
 * A list (GET, no path parameters) may answer 200 with the caller's own rows, and a request naming no
 * object at all (creating a webhook endpoint) may succeed in the caller's own environment; everything
 * else must be not found.
 */
const isList = (op: Operation) => op.route.method === 'GET' && op.pathParams.length === 0;
const namesNoObject = (sent: string) => !/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i.test(sent);

describe.each(dialects)('test mode isolates test data from live data, for every route (%s)', (dialect) => {
  let world: World;
  let testKey: string;
  let twinId: string;
  /** The test mode's own device keys, of its location's turnstile and desk reader (issue 29: a device's routes take only these). */
  let testDevices: Record<'gateKey' | 'deskKey', string>;

  beforeAll(async () => {
    world = await buildWorld(dialect);
    const live = (await world.db.first(world.db.qb.selectFrom('companies').select(['name', 'key_prefix']).where('id', '=', world.ownCompanyId)))!;
    // The rival business becomes the demo company's twin, as testCompanyOf would have made it.
    await world.db.run(world.db.qb.updateTable('companies').set({ live_company_id: world.ownCompanyId, name: live.name, key_prefix: live.key_prefix }).where('id', '=', world.rivalCompanyId));
    twinId = world.rivalCompanyId;
    const minted = await createKey(world.db, { companyId: world.ownCompanyId, environment: 'test', scopes: 'all', locationIds: 'all' });
    expect(minted.company_id).toBe(twinId);
    testKey = minted.key;
    world.mintedKeys.push(testKey);
    const twinLocation = world.targets.otherCompany.location;
    const device = async (kind: 'turnstile' | 'desk_reader') => {
      const deviceId = `${kind === 'turnstile' ? 'gate' : 'desk'}-${twinLocation.slice(0, 8)}`;
      const key = (await createDeviceKey(world.db, { companyId: world.ownCompanyId, environment: 'test', locationId: twinLocation, deviceId, kind })).key;
      world.mintedKeys.push(key);
      return key;
    };
    testDevices = { gateKey: await device('turnstile'), deskKey: await device('desk_reader') };
  }, 240_000);
  afterAll(() => world.close());

  /**
   * Sends every operation at `target` with `key` (a device's operations with the caller's own device
   * `devices`); returns what did not answer as isolation requires. A device refused for naming
   * another device (403 `device_only`, before anything is read) is as isolated as not found.
   */
  async function crossEveryRoute(key: string, devices: Record<'gateKey' | 'deskKey', string>, target: Target, otherIds: readonly string[]): Promise<{ wrong: string[]; notFound: number }> {
    const wrong: string[] = [];
    let notFound = 0;
    for (const op of operations) {
      if (op.id === 'ping') continue;
      const device = deviceOperations[op.id];
      const request = serialize(validParts(op, target, `Bearer ${device ? devices[device] : key}`));
      const response = await world.send(request);
      if (device && response.statusCode === 403 && (JSON.parse(response.body) as { error?: { code?: string } }).error?.code === 'device_only') {
        notFound++;
        continue;
      }
      // A refusal may name the id the caller sent ("No such location: …"); any other is a leak.
      const sent = `${request.url} ${request.payload ?? ''}`;
      const leaked = otherIds.filter((id) => response.body.includes(id) && !sent.includes(id));
      if (response.statusCode === 404) {
        const code = (JSON.parse(response.body) as { error?: { code?: string } }).error?.code;
        if (code !== 'resource_missing') wrong.push(`${op.id}: 404 ${code}`);
        notFound++;
      } else if (!((isList(op) || namesNoObject(sent)) && response.statusCode >= 200 && response.statusCode < 300)) {
        wrong.push(`${op.id}: ${response.statusCode} ${response.body.slice(0, 160)}`);
      }
      if (leaked.length) wrong.push(`${op.id}: the answer shows ${leaked.length} id(s) of the other environment`);
    }
    return { wrong, notFound };
  }

  it('answers /ping with the environment of each key', async () => {
    const ping = async (key: string) => (await world.send({ method: 'GET', url: '/v1/ping', headers: { authorization: `Bearer ${key}` } })).json() as { environment: string; company_id: string };
    expect(await ping(testKey)).toMatchObject({ environment: 'test', company_id: twinId });
    expect(await ping(world.keys.own)).toMatchObject({ environment: 'live', company_id: world.ownCompanyId });
  });

  it('a test key finds no live object, by id in the path, the query or the body, and changes nothing live', async () => {
    const before = await businessDigest(world.db, world.ownCompanyId);
    const liveIds = await businessIds(world.db, world.ownCompanyId);
    for (const target of [world.targets.own, world.targets.otherLocation]) {
      const { wrong, notFound } = await crossEveryRoute(testKey, testDevices, target, liveIds);
      expect(wrong).toEqual([]);
      // Every operation but the lists names a live object, so each is not found.
      expect(notFound).toBeGreaterThanOrEqual(operations.filter((op) => op.id !== 'ping' && !isList(op)).length);
    }
    expect(await businessDigest(world.db, world.ownCompanyId)).toBe(before);
  });

  it('a live key finds no test object and changes no test data', async () => {
    const before = await businessDigest(world.db, twinId);
    const testIds = await businessIds(world.db, twinId);
    const { wrong, notFound } = await crossEveryRoute(world.keys.own, world.targets.own, world.targets.otherCompany, testIds);
    expect(wrong).toEqual([]);
    expect(notFound).toBeGreaterThanOrEqual(operations.filter((op) => op.id !== 'ping' && !isList(op)).length);
    expect(await businessDigest(world.db, twinId)).toBe(before);
  });

  it("a test key works on its own environment's data, every route as a live key on live data", async () => {
    const failed: string[] = [];
    for (const op of operations) {
      const device = deviceOperations[op.id];
      const response = await world.send(serialize(validParts(op, world.targets.otherCompany, `Bearer ${device ? testDevices[device] : testKey}`)));
      if (response.statusCode >= 300) failed.push(`${op.id}: ${response.statusCode} ${response.body.slice(0, 160)}`);
    }
    expect(failed).toEqual([]);
  });

  it('lists a contact made with a test key to the test key only', async () => {
    const send = (key: string, method: string, url: string, body?: unknown) =>
      world.send({
        method,
        url,
        headers: { authorization: `Bearer ${key}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
        ...(body !== undefined && { payload: JSON.stringify(body) }),
      });
    const made = await send(testKey, 'POST', '/v1/contacts', { first_name: 'Tessa', last_name: 'Testmode', location_id: world.targets.otherCompany.location });
    expect(made.statusCode, made.body).toBe(201);
    const id = (made.json() as { id: string }).id;
    const listed = async (key: string) => ((await send(key, 'GET', '/v1/contacts?search=Testmode')).json() as { data: { id: string }[] }).data.map((row) => row.id);
    expect(await listed(testKey)).toEqual([id]);
    expect(await listed(world.keys.own)).toEqual([]);
    expect((await send(testKey, 'GET', `/v1/contacts/${id}`)).statusCode).toBe(200);
    expect((await send(world.keys.own, 'GET', `/v1/contacts/${id}`)).statusCode).toBe(404);
  });
});
