import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app.js';
import { migrations } from '../../src/db/migrations/index.js';
import { openDatabase } from '../../src/db/dialects/open.js';
import type { Db } from '../../src/db/types.js';
import { dialects, freshDatabase, type TestDatabase } from '@studio/testkit/server/databases';
import { loadSchemaV5 } from './fixtures/load.js';
import { fixtureRows, frontDeskKey, ids, migrationRows, miaCardNumber, type Row } from './fixtures/schema-v5/rows.js';
import { turnstileKey } from './fixtures/schema-v5/ids.js';
import { systemActor } from '../../src/domain/actor.js';
import { bindKeyToDevice } from '../../src/modules/keys/repository.js';
import { voidVisit } from '../../src/modules/members/void-visit.js';

type App = Awaited<ReturnType<typeof buildApp>>;

/** A Monday, the day of the fixture's newest visit: its classes of that week are still ahead. */
const now = '2026-06-01T12:00:00.000Z';

const byContent = (a: Row, b: Row) => JSON.stringify(a).localeCompare(JSON.stringify(b));
const pick = (row: Row, columns: string[]): Row => Object.fromEntries(columns.map((column) => [column, row[column]!]));

/** The rows of `table` now, each cut to the columns the fixture wrote, in a stable order. */
async function rowsOf(db: Db, table: string, columns: string[]): Promise<Row[]> {
  const rows = await db.all(sql<Row>`select * from ${sql.table(table)}`.compile(db.qb));
  return rows.map((row) => pick(row, columns)).sort(byContent);
}

/** Every column (with its type, nullability and default) and every index, as text lines. */
async function schemaOf(db: Db): Promise<string[]> {
  const query =
    db.dialect === 'sqlite'
      ? sql<{
          entry: string;
        }>`select m.name || '.' || p.name || ' ' || p.type || ' ' || p."notnull" || ' ' || coalesce(p.dflt_value, '') as entry from sqlite_master m join pragma_table_info(m.name) p where m.type = 'table'
          union all select type || ' ' || name || ' ' || sql from sqlite_master where type in ('index', 'trigger') and sql is not null order by 1`
      : sql<{
          entry: string;
        }>`select table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable || ' ' || coalesce(column_default, '') as entry from information_schema.columns where table_schema = current_schema()
          union all select 'index ' || indexname || ' ' || indexdef from pg_indexes where schemaname = current_schema() order by 1`;
  // Postgres names each index's table with its schema, which differs between the two databases.
  return (await db.all(query.compile(db.qb))).map((row) => row.entry.replace(/ ON \w+\./, ' ON '));
}

describe.each(dialects)('a database of schema v5, upgraded by this version (%s)', (dialect) => {
  let database: TestDatabase;
  let db: Db;
  let app: App;
  beforeAll(async () => {
    database = await freshDatabase(dialect);
    await loadSchemaV5(dialect, database.url);
    db = await openDatabase(database.url);
    app = await buildApp({ db });
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    await database?.drop();
  });

  const request = async (method: 'GET' | 'POST', url: string, body?: unknown, key = frontDeskKey) => {
    const headers: Record<string, string> = { authorization: `Bearer ${key}` };
    const answer = await app.inject({ method, url, headers, ...(body !== undefined && { payload: body as object }) });
    return { status: answer.statusCode, body: answer.json() };
  };

  it('applies every migration after 005, once, and keeps the record of the earlier ones', async () => {
    const recorded = await db.all(db.qb.selectFrom('schema_migrations').select(['name', 'applied_at']).orderBy('name'));
    expect(recorded.slice(0, 5)).toEqual(migrationRows.schema_migrations);
    expect(recorded.slice(5).map((row) => row.name)).toEqual(migrations.slice(5).map((migration) => migration.name));
    expect(recorded.slice(5).every((row) => row.applied_at > '2026-01-02T08:00:00.000Z')).toBe(true);
  });

  it('ends with the schema a new database gets, column for column and index for index', async () => {
    const fresh = await freshDatabase(dialect);
    const made = await openDatabase(fresh.url);
    try {
      expect(await schemaOf(db)).toEqual(await schemaOf(made));
    } finally {
      await made.close();
      await fresh.drop();
    }
  });

  it('keeps every row of every table with the values version 5 stored', async () => {
    for (const [table, rows] of Object.entries({ server_settings: migrationRows.server_settings, ...fixtureRows })) {
      const columns = Object.keys(rows[0]!);
      expect(await rowsOf(db, table, columns), table).toEqual(rows.map((row) => pick(row, columns)).sort(byContent));
    }
  });

  it('gives the columns added since their documented defaults', async () => {
    const plans = await db.all(db.qb.selectFrom('membership_plans').select('door_checkin_consumes'));
    const packs = await db.all(db.qb.selectFrom('package_templates').select('door_checkin_consumes'));
    expect([...plans, ...packs].map((row) => row.door_checkin_consumes)).toEqual(['visit', 'visit', 'visit']);
    const visits = await db.all(db.qb.selectFrom('visits').select(['counted', 'voided_at', 'void_reason']));
    expect(visits).toHaveLength(fixtureRows.visits!.length);
    expect(visits.every((visit) => Number(visit.counted) === 1 && visit.voided_at === null && visit.void_reason === null)).toBe(true);
    const replays = await db.all(db.qb.selectFrom('idempotency_keys').select('access_checks'));
    expect(replays).toEqual([{ access_checks: null }]);
    // Version 5 did not record which spots a class's cancellation released: none is marked as such.
    for (const table of ['class_attendees', 'class_waitlist'] as const) {
      const marks = await db.all(db.qb.selectFrom(table).select('cancelled_with_class'));
      expect(marks.length, table).toBeGreaterThan(0);
      expect(marks.every((row) => Number(row.cancelled_with_class) === 0)).toBe(true);
    }
    expect(await db.all(db.qb.selectFrom('import_fingerprints').selectAll())).toEqual([]);
  });

  describe('serving the API on it', () => {
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date(now));
    });
    afterEach(() => vi.useRealTimers());

    it('lists the members and finds one by a folded name, through the search index version 5 built', async () => {
      const listed = await request('GET', '/v1/contacts');
      expect(listed.status).toBe(200);
      expect(listed.body.data.map((contact: { id: string }) => contact.id)).toEqual([ids.mia, ids.noah, ids.ava, ids.liam]);
      expect(listed.body.data[0]).toMatchObject({ first_name: 'Mia', last_name: 'Wong', phone: '+447700900123', email: 'mia@example.com' });
      const found = await request('GET', '/v1/contacts?search=garcia');
      expect(found.body.data.map((contact: { id: string }) => contact.id)).toEqual([ids.ava]);
      expect((await request('GET', "/v1/contacts?search=o'brien")).body.data.map((contact: { id: string }) => contact.id)).toEqual([ids.liam]);
    });

    it("checks in by member code, counting version 5's visits of the period, and by a card enrolled then", async () => {
      const byCode = await request('POST', '/v1/members/check-in', { location_id: ids.brooklyn, identifier: '2001' });
      expect(byCode.status).toBe(201);
      expect(byCode.body).toMatchObject({ membership_id: ids.avaMembership, resolved_by: 'code', visits_used: 2, visits_remaining: 6, counted: true });
      // The London turnstile's key of version 5 becomes its device key, its secret unchanged (docs/upgrading.md, Device keys).
      await bindKeyToDevice(db, ids.turnstileKey, { deviceId: 'turnstile-london-1', kind: 'turnstile' });
      const byCard = await request('POST', '/v1/members/check-in', { location_id: ids.london, identifier: miaCardNumber, source: 'turnstile', device_id: 'turnstile-london-1' }, turnstileKey);
      expect(byCard.status).toBe(201);
      expect(byCard.body).toMatchObject({ membership_id: ids.miaMembership, resolved_by: 'card_uid' });
      const refused = await request('POST', '/v1/members/check-in', { location_id: ids.london, identifier: '1003' });
      expect(refused.status).toBe(422);
      expect(refused.body.error.reasons).toEqual(['cancelled', 'expired']);
      const visits = await request('GET', `/v1/members/${ids.miaMembership}/visits`);
      expect(visits.body.data.map((visit: { id: string }) => visit.id)).toContain(fixtureRows.visits![1]!.id);
    });

    // After the check-ins above: Ava's visits of June are the fixture's one and today's.
    it('voids a door visit recorded by version 5, which then stops counting', async () => {
      // Recorded by no device: only the business, an owner or a manager voids it, with a note (issue 29).
      expect((await request('POST', `/v1/members/visits/${fixtureRows.visits![5]!.id}/void`, { reason: 'door_not_opened' })).body.error.code).toBe('device_only');
      const business = systemActor((await db.first(db.qb.selectFrom('api_keys').select('company_id').where('id', '=', ids.turnstileKey)))!.company_id, 'test');
      await voidVisit(db, business, fixtureRows.visits![5]!.id as string, { reason: 'recorded_in_error', note: 'entered twice' });
      const held = await request('GET', `/v1/contacts/${ids.ava}/memberships`);
      expect(held.body.data[0]).toMatchObject({ id: ids.avaMembership, visits_used: 1, visits_remaining: 7 });
    });

    it("books a class, and shows version 5's roster and waitlist on a full one", async () => {
      const booked = await request('POST', `/v1/classes/${ids.openClass}/book`, { contact_id: ids.mia });
      expect(booked.status).toBe(201);
      expect(booked.body).toMatchObject({ class_id: ids.openClass, contact_id: ids.mia, status: 'reserved', paid_by: 'membership', spots_left: 7 });
      const full = await request('GET', `/v1/classes/${ids.fullClass}`);
      expect(full.body).toMatchObject({ capacity: 2, booked: 2, spots_left: 0 });
      expect(full.body.waitlist.map((entry: { contact_id: string }) => entry.contact_id)).toEqual([ids.liam]);
      const refused = await request('POST', `/v1/classes/${ids.fullClass}/book`, { contact_id: ids.ava });
      expect(refused.status).toBe(409);
    });
  });
});
