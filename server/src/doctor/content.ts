import { sql } from 'kysely';
import type { Db } from '../db/types.js';
import type { ContentFacts, DeviceActivity } from './facts.js';

/**
 * Times the server itself writes as things happen (never a time a client reports, such as a
 * visit's `checked_in_at`, nor one in the future, such as a class's start): the newest of them
 * is a time the clock has already passed.
 */
const serverStamps = [
  ['visits', 'recorded_at'],
  ['checkin_denials', 'attempted_at'],
  ['schema_migrations', 'applied_at'],
  ['contacts', 'updated_at'],
  ['memberships', 'updated_at'],
  ['credential_keys', 'feed_updated_at'],
  ['bookings', 'updated_at'],
  ['class_attendees', 'updated_at'],
  ['class_waitlist', 'updated_at'],
  ['idempotency_keys', 'created_at'],
  ['api_keys', 'created_at'],
] as const;

/** The scope a device agent's key carries (agent/README.md): check-in at the door. */
const deviceScope = 'checkin:members';

async function tablesOf(db: Db): Promise<Set<string>> {
  const query =
    db.dialect === 'sqlite'
      ? sql<{ name: string }>`select name from sqlite_master where type = 'table'`
      : sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema()`;
  return new Set((await db.all(query.compile(db.qb))).map((row) => row.name));
}

async function newestRow(db: Db, tables: Set<string>): Promise<ContentFacts['newestRow']> {
  let newest: ContentFacts['newestRow'] = null;
  for (const [table, column] of serverStamps) {
    if (!tables.has(table)) continue;
    const row = await db.first(sql<{ at: string | null }>`select max(${sql.ref(column)}) as at from ${sql.table(table)}`.compile(db.qb));
    if (row?.at && (!newest || row.at > newest.at)) newest = { at: row.at, source: `${table}.${column}` };
  }
  return newest;
}

async function devices(db: Db, tables: Set<string>): Promise<DeviceActivity[]> {
  const latest = new Map<string, string>();
  const note = (rows: { device_id: string | null; at: string | null }[]) => {
    for (const row of rows) {
      if (row.device_id && row.at && row.at > (latest.get(row.device_id) ?? '')) latest.set(row.device_id, row.at);
    }
  };
  if (tables.has('visits'))
    note(await db.all(sql<{ device_id: string | null; at: string | null }>`select device_id, max(recorded_at) as at from visits where device_id is not null group by device_id`.compile(db.qb)));
  if (tables.has('checkin_denials'))
    note(
      await db.all(sql<{ device_id: string | null; at: string | null }>`select device_id, max(attempted_at) as at from checkin_denials where device_id is not null group by device_id`.compile(db.qb)),
    );
  return [...latest].map(([deviceId, lastAt]) => ({ deviceId, lastAt })).sort((a, b) => a.deviceId.localeCompare(b.deviceId));
}

/** Reads what the checks need, from whatever version of the schema the database has. */
export async function readContent(db: Db): Promise<ContentFacts> {
  const tables = await tablesOf(db);
  const recorded = tables.has('schema_migrations') ? await db.all(db.qb.selectFrom('schema_migrations').select('name').orderBy('name')) : [];
  const keys = tables.has('api_keys') ? await db.all(db.qb.selectFrom('api_keys').select(['name', 'last4', 'scopes', 'location_ids']).where('revoked_at', 'is', null).orderBy('created_at')) : [];
  return {
    recordedMigrations: recorded.map((row) => row.name),
    newestRow: await newestRow(db, tables),
    agentKeys: keys
      .filter((key) => (JSON.parse(key.scopes) as string[]).includes(deviceScope))
      .map((key) => ({ name: key.name, last4: key.last4, locationIds: key.location_ids === null ? null : (JSON.parse(key.location_ids) as string[]) })),
    devices: await devices(db, tables),
  };
}
