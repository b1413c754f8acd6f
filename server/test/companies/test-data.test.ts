import { ApiError } from '@studio/shared';
import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import type { Db } from '../../src/db/types.js';
import { systemActor } from '../../src/domain/actor.js';
import { createCompany } from '../../src/modules/companies/repository.js';
import { clearedTables, clearTestData, keptTables, type ClearedTableName } from '../../src/modules/companies/test-data.js';
import { createDeviceKey, createKey } from '../../src/modules/keys/repository.js';
import { seedDemo, seedDemoInTest } from '../../src/modules/setup/demo.js';
import { createAccount } from '../../src/modules/staff-accounts/accounts.js';
import { mintSetupLink } from '../../src/modules/staff-accounts/setup-link.js';
import { signIn } from '../../src/modules/staff-accounts/sign-in.js';
import { authenticate } from '../../src/plugins/auth.js';
import { refusedLeavingNoTrace } from '../helpers/row-counts.js';
import { handClock, testSettings } from '../staff-accounts/studio.js';
import { deliveryTo, endpointOf } from '../webhooks/endpoints/webhook-data.js';

const clock = handClock(Date.parse('2031-03-04T12:00:00.000Z'));
const settings = testSettings(clock.now);
const password = 'correct horse battery';

/** Every table, with whether it has `company_id`, and every foreign key (from table, to table), as the database lists them. */
async function schema(db: Db): Promise<{ withCompany: string[]; withoutCompany: string[]; foreignKeys: [string, string][] }> {
  const sqlite = db.dialect === 'sqlite';
  const tables = sqlite
    ? sql<{
        name: string;
        company: number;
      }>`select m.name as name, exists (select 1 from pragma_table_info(m.name) p where p.name = 'company_id') as company from sqlite_master m where m.type = 'table' and m.name not like 'sqlite_%' and m.name not like 'contacts_search%'`
    : sql<{
        name: string;
        company: boolean;
      }>`select t.table_name as name, exists (select 1 from information_schema.columns c where c.table_schema = t.table_schema and c.table_name = t.table_name and c.column_name = 'company_id') as company from information_schema.tables t where t.table_schema = current_schema() and t.table_type = 'BASE TABLE'`;
  const keys = sqlite
    ? sql<{ source: string; target: string }>`select m.name as source, f."table" as target from sqlite_master m join pragma_foreign_key_list(m.name) f where m.type = 'table'`
    : sql<{
        source: string;
        target: string;
      }>`select tc.table_name as source, ccu.table_name as target from information_schema.table_constraints tc join information_schema.constraint_column_usage ccu on ccu.constraint_name = tc.constraint_name and ccu.table_schema = tc.table_schema where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = current_schema()`;
  const rows = await db.all(tables.compile(db.qb));
  return {
    withCompany: rows.filter((row) => Boolean(row.company)).map((row) => row.name),
    withoutCompany: rows.filter((row) => !row.company).map((row) => row.name),
    foreignKeys: (await db.all(keys.compile(db.qb))).map((row) => [row.source, row.target]),
  };
}

/** Every row of every table but the twin's own and those hanging off them, as sorted JSON lines: what must not change. */
async function rowsApartFrom(db: Db, twinId: string): Promise<Record<string, string[]>> {
  const { withCompany, withoutCompany } = await schema(db);
  const tables = [...withCompany, ...withoutCompany].sort();
  const all: Record<string, Record<string, unknown>[]> = {};
  for (const table of tables) all[table] = await db.all(sql<Record<string, unknown>>`select * from ${sql.table(table)}`.compile(db.qb));
  const twinIds = new Set([twinId, ...withCompany.flatMap((table) => all[table]!.filter((row) => row.company_id === twinId).map((row) => String(row.id)))]);
  const snapshot: Record<string, string[]> = {};
  for (const table of tables) {
    snapshot[table] = all[table]!.filter((row) => !Object.values(row).some((value) => typeof value === 'string' && twinIds.has(value)))
      .map((row) => JSON.stringify(row, Object.keys(row).sort()))
      .sort();
  }
  return snapshot;
}

/** The twin's rows per cleared table, as `clearTestData` reaches them. */
async function twinRows(db: Db, twinId: string): Promise<Record<ClearedTableName, number>> {
  const counts = {} as Record<ClearedTableName, number>;
  for (const [table, entry] of Object.entries(clearedTables) as [ClearedTableName, { parent?: { column: string; table: string } }][]) {
    const where = entry.parent ? sql`${sql.ref(entry.parent.column)} in (select id from ${sql.table(entry.parent.table)} where company_id = ${twinId})` : sql`company_id = ${twinId}`;
    const row = await db.first(sql<{ n: number }>`select count(*) as n from ${sql.table(table)} where ${where}`.compile(db.qb));
    counts[table] = Number(row!.n);
  }
  return counts;
}

describe.each(dialects)('clearing test data (%s)', (dialect) => {
  const suite = useFreshDatabase(dialect);
  let app: FastifyInstance;
  let liveId: string;
  let twinId: string;
  let testKey: string;

  /** What a company does in a day: webhooks, a staff account signed in, a setup link, a turnstile's offline check-in sent with an Idempotency-Key (with its device key: the test mode keeps two keys). */
  async function busyDay(companyId: string, email: string): Promise<void> {
    const db = suite.db;
    const endpoint = await endpointOf(db, companyId);
    await deliveryTo(db, companyId, endpoint.id);
    await createAccount(db, settings, systemActor(companyId, 'test'), { email, displayName: 'Olive', role: 'owner', password });
    await signIn(db, settings, { companyId, email, password, address: '203.0.113.9' });
    await mintSetupLink(db, settings, companyId);
    const brooklyn = await db.first(db.qb.selectFrom('locations').select('id').where('company_id', '=', companyId).where('slug', '=', 'brooklyn'));
    const environment = companyId === liveId ? 'live' : 'test';
    const key = (await createDeviceKey(db, { companyId: liveId, environment, locationId: brooklyn!.id, deviceId: 'door-1', kind: 'turnstile' })).key;
    const checkIn = await app.inject({
      method: 'POST',
      url: '/v1/members/check-in',
      headers: { authorization: `Bearer ${key}`, 'idempotency-key': `door-${companyId}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ location_id: brooklyn!.id, identifier: 'HF-1001', offline: true, checked_in_at: '2026-06-01T12:00:00.000Z', device_id: 'door-1', source: 'turnstile' }),
    });
    expect(checkIn.statusCode, checkIn.body).toBe(201);
  }

  beforeAll(async () => {
    app = await buildApp({ db: suite.db });
    liveId = (await seedDemo(suite.db)).company_id;
    twinId = (await seedDemoInTest(suite.db, liveId)).company_id;
    testKey = (await createKey(suite.db, { companyId: liveId, environment: 'test', scopes: 'all', locationIds: 'all' })).key;
    await busyDay(liveId, 'olive@harbour.example');
    await busyDay(twinId, 'olive@harbour.example');
  }, 120_000);
  afterAll(() => app.close());

  it('names every table holding a company’s rows once, as cleared or kept, and deletes children before what they reference', async () => {
    const { withCompany, withoutCompany, foreignKeys } = await schema(suite.db);
    const cleared = Object.entries(clearedTables) as [ClearedTableName, { parent?: { table: string } }][];
    const byCompany = cleared.filter(([, entry]) => !entry.parent).map(([table]) => table);
    expect([...byCompany, ...keptTables].sort()).toEqual(withCompany.filter((table) => table !== 'companies').sort());
    // A table without company_id that references a cleared table is cleared through it; every other such table is the server's own.
    const order = cleared.map(([table]) => table as string);
    const children = withoutCompany.filter((table) => foreignKeys.some(([source, target]) => source === table && order.includes(target)));
    expect(
      cleared
        .filter(([, entry]) => entry.parent)
        .map(([table]) => table as string)
        .sort(),
    ).toEqual(children.sort());
    const late = foreignKeys.filter(([source, target]) => source !== target && order.includes(source) && order.includes(target) && order.indexOf(source) > order.indexOf(target));
    expect(late).toEqual([]);
  });

  it('refuses a twin, an unknown company and a wrong confirmation, changing nothing', async () => {
    const refusal = async (companyId: string, confirm: string | undefined) =>
      (await refusedLeavingNoTrace(suite.db, ApiError, () => clearTestData(suite.db, companyId, confirm, clock.now))) as ApiError;
    expect(await refusal(twinId, 'Harbour Fitness & Spa')).toMatchObject({
      code: 'invalid_param',
      param: 'company',
      message: `company ${twinId} is the test mode of company ${liveId}; name that live company to clear its test data.`,
    });
    expect(await refusal('00000000-0000-4000-8000-000000000000', 'Anything')).toMatchObject({ code: 'resource_missing', param: 'company' });
    const hint = `To delete all test data of company ${liveId}, confirm with its name, exactly: "Harbour Fitness & Spa".`;
    expect(await refusal(liveId, undefined)).toMatchObject({ code: 'invalid_param', param: 'confirm', message: hint });
    expect(await refusal(liveId, 'harbour fitness & spa')).toMatchObject({ code: 'invalid_param', param: 'confirm', message: hint });
  });

  it('answers zero counts for a company without a test mode, and makes none', async () => {
    const lone = await createCompany(suite.db, { name: 'Lone Pine', key_prefix: 'lone' });
    const cleared = await clearTestData(suite.db, lone.id, 'Lone Pine', clock.now);
    expect(cleared).toMatchObject({ company_id: lone.id, test_company_id: null, removed_in_words: [], kept: { api_keys: 0, webhook_endpoints: 0 }, cleared_at: '2031-03-04T12:00:00.000Z' });
    expect(Object.values(cleared.removed).every((n) => n === 0)).toBe(true);
    expect(await suite.db.first(suite.db.qb.selectFrom('companies').select('id').where('live_company_id', '=', lone.id))).toBeUndefined();
  });

  it('empties the test mode, keeps its keys and endpoints, leaves every other row byte for byte, and the test key then sees an empty business', async () => {
    const db = suite.db;
    const before = await twinRows(db, twinId);
    for (const table of ['locations', 'staff', 'staff_hours', 'staff_overrides', 'staff_time_off', 'contacts', 'memberships', 'credential_keys', 'classes', 'visits', 'events'] as const) {
      expect(before[table], table).toBeGreaterThan(0);
    }
    for (const table of [
      'webhook_deliveries',
      'webhook_attempts',
      'idempotency_keys',
      'import_fingerprints',
      'staff_accounts',
      'staff_sessions',
      'staff_login_attempts',
      'staff_setup_tokens',
      'staff_audit_log',
    ] as const) {
      expect(before[table], table).toBeGreaterThan(0);
    }
    const others = await rowsApartFrom(db, twinId);
    const secret = async () => (await db.first(db.qb.selectFrom('companies').select('credential_secret').where('id', '=', twinId)))!.credential_secret;
    const feedKey = await secret();

    const cleared = await clearTestData(db, liveId, 'Harbour Fitness & Spa', clock.now);
    expect(cleared).toMatchObject({ company_id: liveId, test_company_id: twinId, removed: before, kept: { api_keys: 2, webhook_endpoints: 1 } });
    expect(cleared.removed_in_words.slice(0, 2)).toEqual([`${before.locations} locations`, `${before.staff} staff members`]);
    expect(cleared.removed_in_words).toContain('1 webhook delivery');
    expect(cleared.removed_in_words).toContain(`${before.classes.toLocaleString('en')} classes`);

    expect(Object.values(await twinRows(db, twinId)).every((n) => n === 0)).toBe(true);
    expect(await rowsApartFrom(db, twinId)).toEqual(others);
    expect(await db.first(db.qb.selectFrom('companies').select(['id', 'live_company_id']).where('id', '=', twinId))).toEqual({ id: twinId, live_company_id: liveId });
    // A device agent holding the test feed sees a new hash key, so it reloads and keeps none of the members cleared.
    expect(await secret()).not.toBe(feedKey);

    expect(await authenticate(db, `Bearer ${testKey}`)).toMatchObject({ companyId: twinId, environment: 'test' });
    for (const url of ['/v1/locations', '/v1/contacts']) {
      const answer = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${testKey}` } });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json<{ data: unknown[] }>().data).toEqual([]);
    }
    // The demo loads into the emptied test mode again: its import record went with the rest.
    expect(await seedDemoInTest(db, liveId)).toEqual({ company_id: twinId, created: true });
  });
});
