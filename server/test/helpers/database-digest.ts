import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../src/db/types.js';

/** A hash of every row of every table, per table: any insert, delete or changed column changes it. */
export type Digest = Record<string, string>;

const tablesOf = new WeakMap<Db, string[]>();

/** Every table the database itself lists, so a new table is covered without anyone adding it here. */
async function tableNames(db: Db): Promise<string[]> {
  const known = tablesOf.get(db);
  if (known) return known;
  const query =
    db.dialect === 'sqlite'
      ? sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`
      : sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`;
  const names = (await db.all(query.compile(db.qb))).map((row) => row.name);
  tablesOf.set(db, names);
  return names;
}

/**
 * Columns left out: bookkeeping that a request may write whatever its answer. `last_used_at` is
 * recorded off the request's path at most once a minute per key (plugins/auth.ts), so a run longer
 * than a minute sees it land beside a refusal that wrote nothing.
 */
const bookkeeping: Record<string, string> = { api_keys: 'last_used_at' };

const lastSqliteDigest = new WeakMap<Db, { changes: number; digest: Digest }>();

/**
 * Postgres hashes in the server, in one round trip, rows sorted by their own hash; SQLite (in
 * process, no md5) hashes the rows here, in rowid order, which only a write can change. SQLite's
 * one connection counts every row any statement changed (even one rolled back later): while that
 * count stands still, nothing can have changed and the last digest still holds.
 */
export async function databaseDigest(db: Db): Promise<Digest> {
  const tables = await tableNames(db);
  if (db.dialect === 'sqlite') {
    const { changes } = (await db.first(sql<{ changes: number }>`select total_changes() as changes`.compile(db.qb)))!;
    const last = lastSqliteDigest.get(db);
    if (last?.changes === changes) return last.digest;
    const digest = await sqliteDigest(db, tables);
    lastSqliteDigest.set(db, { changes, digest });
    return digest;
  }
  const columns = tables.map((table) => {
    const row = bookkeeping[table] ? sql`(to_jsonb(t) - ${bookkeeping[table]})::text` : sql`t::text`;
    return sql`(select coalesce(md5(string_agg(md5(${row}), '' order by md5(${row}))), '') from ${sql.table(table)} t) as ${sql.ref(table)}`;
  });
  return (await db.first(sql<Digest>`select ${sql.join(columns)}`.compile(db.qb)))!;
}

async function sqliteDigest(db: Db, tables: readonly string[]): Promise<Digest> {
  const digest: Digest = {};
  for (const table of tables) {
    const rows = await db.all(sql<Record<string, unknown>>`select * from ${sql.table(table)}`.compile(db.qb));
    const left = bookkeeping[table];
    if (left) for (const row of rows) delete row[left];
    digest[table] = createHash('sha256').update(JSON.stringify(rows)).digest('hex');
  }
  return digest;
}

/** The tables whose content differs between two digests. */
export function changedTables(before: Digest, after: Digest): string[] {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((table) => before[table] !== after[table]).sort();
}
