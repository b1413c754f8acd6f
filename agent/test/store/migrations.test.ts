import { createHmac } from 'node:crypto';
import { defaultMatchingProfile } from '@studio/shared';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EligibilityCache } from '../../src/eligibility/cache.js';
import { createCredentialDigester } from '../../src/eligibility/credential-digest.js';
import { GateStore } from '../../src/gate/gate-store.js';
import { KioskStore } from '../../src/kiosk/store/kiosk-store.js';
import { openAgentDatabase, type AgentDatabase } from '../../src/store/database.js';
import { migrate, migrations, schemaVersion } from '../../src/store/migrations.js';
import { tempDir } from '@studio/testkit/agent/test-agent';
import { oldGateTables, oldKioskTables } from './old-layout.js';

const latest = migrations.at(-1)!.version;
const secret = Buffer.alloc(32, 7);
const rules = { timezone: 'Europe/Berlin', checkin_alerts: {}, access_hours: null, matching_profile: defaultMatchingProfile };
const cachedRow = { credential_hash: 'hash-1', membership_id: 'm-1', contact_id: 'c-1', first_name: 'Ann', status: 'active', used: 0, door_checkin_consumes: 'visit' };

/** A box's rows in the old layout: the cache mid-reload, two decisions, three outbox rows, the kiosk's cache and outbox. */
function fillOldLayout(db: Database.Database, withKiosk: boolean): void {
  db.prepare("insert into feed_state values (1, 'loc', 'cursor-7', 'key', ?, '2026-03-01T00:00:00.000Z', '2026-03-02T09:00:00.000Z', 'feed_rows')").run(JSON.stringify(rules));
  db.prepare("insert into feed_rows values ('hash-1', 'm-1', 'c-1', ?)").run(JSON.stringify(cachedRow));
  db.prepare("insert into feed_rows_alt values ('hash-2', 'm-2', 'c-2', ?)").run(JSON.stringify({ ...cachedRow, credential_hash: 'hash-2', membership_id: 'm-2' }));
  db.exec("insert into feed_reload values (1, 'loc', 'reload-cursor', 'key-2')");
  db.exec(`insert into decisions (at, lane_id, reader_id, credential_digest, membership_id, granted, reason, offline, idempotency_key, passage_key, direction) values
    ('2026-03-02T10:00:00.000Z', 'front', 'r1', 'digest-1', 'm-1', 1, null, 1, 'key-a', 'member:c-1', 'in'),
    ('2026-03-02T10:01:00.000Z', 'front', 'r1', 'digest-2', null, 0, 'not_found', 0, null, 'credential:digest-2', 'in')`);
  db.exec(`insert into outbox (idempotency_key, membership_id, location_id, device_id, checked_in_at, online_attempted, status, attempts, last_error, visit_id, created_at, updated_at, void_reason, void_state) values
    ('key-a', 'm-1', 'loc', 'gate-1', '2026-03-02T10:00:00.000Z', 0, 'pending', 2, 'network_error: refused', null, '2026-03-02T10:00:00.000Z', '2026-03-02T10:05:00.000Z', null, null),
    ('key-b', 'm-1', 'loc', 'gate-1', '2026-03-01T10:00:00.000Z', 1, 'sent', 1, null, 'visit-9', '2026-03-01T10:00:00.000Z', '2026-03-01T10:01:00.000Z', 'door_not_opened', 'pending'),
    ('key-c', 'm-3', 'loc', 'gate-1', '2026-03-01T11:00:00.000Z', 0, 'rejected', 1, 'resource_missing', null, '2026-03-01T11:00:00.000Z', '2026-03-01T11:01:00.000Z', null, null)`);
  db.prepare('insert into local_secret values (1, ?)').run(secret);
  db.exec("insert into liveness values (1, '2026-03-02T10:06:00.000Z')");
  if (!withKiosk) return;
  db.prepare("insert into kiosk_classes values ('class-1', '2026-03-02T10:10:00Z', ?, ?, '2026-03-02T10:00:00.000Z')").run(
    JSON.stringify({ id: 'class-1', name: 'Morning Flow', start: '2026-03-02T10:10:00Z', end: '2026-03-02T11:10:00Z', status: 'scheduled' }),
    JSON.stringify([{ contact_id: 'c-1', display_name: 'Ann K.', status: 'checked_in' }]),
  );
  db.exec("insert into kiosk_state values (1, '2026-03-02T10:00:00.000Z', 'Studio Mitte', 'Europe/Berlin')");
  db.exec(`insert into class_checkin_outbox (idempotency_key, class_id, contact_id, device_id, checked_in_at, class_name, class_start, display_name, created_at, updated_at) values
    ('class-key-1', 'class-1', 'c-1', 'front-kiosk', '2026-03-02T10:02:00.000Z', 'Morning Flow', '2026-03-02T10:10:00Z', 'Ann K.', '2026-03-02T10:02:00.000Z', '2026-03-02T10:02:00.000Z')`);
}

/** Every row of every table, and every table's definition, as plain data. */
function contents(db: Database.Database) {
  const tables = db.prepare<[], { name: string; sql: string }>("select name, sql from sqlite_schema where type = 'table' and name not like 'sqlite_%' order by name").all();
  return Object.fromEntries(tables.map(({ name, sql }) => [name, { sql, rows: db.prepare(`select * from ${name} order by rowid`).all() }]));
}

describe('the agent database schema, step by step', () => {
  let temp: ReturnType<typeof tempDir>;
  let path: string;
  let db: AgentDatabase | null = null;
  beforeEach(() => {
    temp = tempDir();
    path = `${temp.dir}/agent.db`;
  });
  afterEach(() => {
    db?.close();
    db = null;
    temp.remove();
  });

  it('makes a new database at the latest version, with every table', () => {
    db = openAgentDatabase(path);
    expect(schemaVersion(db)).toBe(latest);
    const tables = db.prepare<[], { name: string }>("select name from sqlite_schema where type = 'table' and name not like 'sqlite_%' order by name").all();
    expect(tables.map((t) => t.name)).toEqual([
      'class_checkin_outbox',
      'decisions',
      'feed_reload',
      'feed_rows',
      'feed_rows_alt',
      'feed_state',
      'kiosk_classes',
      'kiosk_state',
      'liveness',
      'local_secret',
      'outbox',
      'pass_keys',
      'pass_steps',
    ]);
  });

  it('opens a database the agent made before schema steps (version 1, the kiosk’s tables too) with every row unchanged', () => {
    const old = new Database(path);
    old.exec(oldGateTables + oldKioskTables);
    fillOldLayout(old, true);
    old.pragma('user_version = 1');
    const before = contents(old);
    old.close();

    db = openAgentDatabase(path);
    expect(schemaVersion(db)).toBe(latest);
    // Every row kept; the changes are step 3's column for the kiosk's branding, empty until the server answers, and step 4's empty pass tables.
    const kioskState = before.kiosk_state!;
    const withBranding = {
      sql: kioskState.sql.replace(/\)$/, ', branding text)'),
      rows: kioskState.rows.map((row) => ({ ...(row as object), branding: null })),
    };
    const { pass_keys: passKeys, pass_steps: passSteps, ...after } = contents(db);
    expect(after).toEqual({ ...before, kiosk_state: withBranding });
    expect([passKeys!.rows, passSteps!.rows]).toEqual([[], []]);

    // The new code reads the old rows: the cache (with the reload under way), both outboxes, the box's secret.
    const cache = new EligibilityCache(db);
    expect(cache.state()).toMatchObject({ locationId: 'loc', cursor: 'cursor-7', reload: { cursor: 'reload-cursor', hashKey: 'key-2' } });
    expect(cache.find(['hash-1'])).toMatchObject({ membership_id: 'm-1', first_name: 'Ann' });
    const gate = new GateStore(db);
    expect(gate.outbox.pending()).toEqual([expect.objectContaining({ idempotency_key: 'key-a', attempts: 2 })]);
    expect(gate.outbox.voidsDue()).toEqual([expect.objectContaining({ idempotency_key: 'key-b', visit_id: 'visit-9' })]);
    expect(gate.outbox.depth()).toMatchObject({ pending: 1, sent: 1, rejected: 1 });
    expect(gate.decisions.lastPassage('member:c-1')).toEqual({ at: new Date('2026-03-02T10:00:00.000Z'), direction: 'in' });
    const kiosk = new KioskStore(db);
    expect(kiosk.outbox.pending()).toEqual([expect.objectContaining({ idempotency_key: 'class-key-1', contact_id: 'c-1' })]);
    expect(kiosk.timetable.state()).toEqual({ syncedAt: '2026-03-02T10:00:00.000Z', locationName: 'Studio Mitte', timezone: 'Europe/Berlin', branding: null });
    expect(createCredentialDigester(db)('1000000001')).toBe(createHmac('sha256', secret).update('1000000001').digest('base64url'));
  });

  it('opens a database from before the door setting and the kiosk (version 0) with its rows, adds the kiosk’s tables, and drops the feed cursor once', () => {
    const old = new Database(path);
    old.exec(oldGateTables);
    fillOldLayout(old, false);
    const before = contents(old);
    old.close();

    db = openAgentDatabase(path);
    expect(schemaVersion(db)).toBe(latest);
    const after = contents(db);
    expect(Object.keys(after).sort()).toEqual([...Object.keys(before), 'class_checkin_outbox', 'kiosk_classes', 'kiosk_state', 'pass_keys', 'pass_steps'].sort());
    for (const table of ['decisions', 'outbox', 'feed_rows', 'feed_rows_alt', 'local_secret', 'liveness']) expect(after[table], table).toEqual(before[table]);
    expect(after.feed_state!.rows).toEqual([{ ...(before.feed_state!.rows[0] as object), cursor: null }]);
    expect(after.feed_reload!.rows).toEqual([]);
    expect(new GateStore(db).outbox.pending()).toEqual([expect.objectContaining({ idempotency_key: 'key-a' })]);
    db.close();

    // Once: the next open finds the version and leaves the cursor a sync stores.
    db = openAgentDatabase(path);
    db.exec("update feed_state set cursor = 'cursor-8'");
    db.close();
    db = openAgentDatabase(path);
    expect(new EligibilityCache(db).state().cursor).toBe('cursor-8');
  });

  it('runs each step once, in its own transaction with its version: a step that fails leaves the last one that committed', () => {
    db = openAgentDatabase(':memory:');
    const [a, b] = [latest + 1, latest + 2];
    const steps = [
      { version: a, name: 'a', up: (d: AgentDatabase) => d.exec('create table a (x)') },
      {
        version: b,
        name: 'b',
        up: (d: AgentDatabase) => {
          d.exec('create table b (x)');
          throw new Error('disk full');
        },
      },
    ];
    expect(() => migrate(db!, steps)).toThrow('disk full');
    expect(schemaVersion(db)).toBe(a);
    const tables = () => db!.prepare<[], { name: string }>("select name from sqlite_schema where name in ('a', 'b') order by name").all();
    expect(tables()).toEqual([{ name: 'a' }]);
    let runs = 0;
    migrate(db, [steps[0]!, { version: b, name: 'b', up: (d) => (runs++, d.exec('create table b (x)')) }]);
    migrate(db, [steps[0]!, { version: b, name: 'b', up: (d) => (runs++, d.exec('create table b (x)')) }]);
    expect({ version: schemaVersion(db), runs, tables: tables() }).toEqual({ version: b, runs: 1, tables: [{ name: 'a' }, { name: 'b' }] });
  });

  it('leaves a database of a newer agent (a box rolled back) as it is', () => {
    const newer = new Database(path);
    newer.pragma(`user_version = ${latest + 5}`);
    newer.close();
    db = openAgentDatabase(path);
    expect(schemaVersion(db)).toBe(latest + 5);
  });
});
