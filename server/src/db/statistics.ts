import { sql } from 'kysely';
import type BetterSqlite3 from 'better-sqlite3';
import type { Db } from './types.js';

/**
 * better-sqlite3 builds SQLite with SQLITE_ENABLE_STAT4. With sample rows in sqlite_stat4, SQLite
 * re-prepares a statement whenever its bound values might change the plan, which is every hot-path
 * lookup: measured on the bench data, a membership's facts by id took 13.7 µs with the samples and
 * 3.7 µs without, a credential lookup 13.0 and 4.7, for the same plans. sqlite_stat1's row counts
 * are all the planner needs for these indexes; the samples are dropped and the statistics reloaded.
 */
const dropSamples = 'delete from sqlite_stat4; analyze sqlite_schema';

/** At open: a database analyzed by an earlier version, or by hand, loses its samples. */
export function dropSqliteSamples(raw: BetterSqlite3.Database): void {
  const samples = raw.prepare("select 1 from sqlite_schema where name = 'sqlite_stat4'").get();
  if (samples) raw.exec(dropSamples);
}

/**
 * Planner statistics after a bulk load. Query plans must not run on empty statistics: on Postgres a prepared resolve
 * then scans every credential (measured at 100,000 members: 51 resolves/s before, 4,164 after).
 */
export async function refreshStatistics(db: Db, tables: readonly string[] | 'all'): Promise<void> {
  const statements = tables === 'all' ? ['analyze'] : tables.map((table) => `analyze ${table}`);
  for (const statement of statements) await db.run(sql.raw(statement).compile(db.qb));
  if (db.dialect !== 'sqlite') return;
  // A database never analyzed (an import of a company alone analyzes no table) has no samples table.
  const samples = await db.all(sql<{ one: number }>`select 1 as one from sqlite_schema where name = 'sqlite_stat4'`.compile(db.qb));
  if (samples.length === 0) return;
  for (const statement of dropSamples.split('; ')) await db.run(sql.raw(statement).compile(db.qb));
}
