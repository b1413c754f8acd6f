import { sql } from 'kysely';
import { nowIso } from '../../clock/time.js';
import type { Db, Queryable } from '../types.js';
import { migrations } from './index.js';
import { DatabaseNewerThanCode, unknownMigrations } from './newer-database.js';

export interface Migration {
  name: string;
  up(tx: Queryable, db: Db): Promise<void>;
}

/**
 * Applies pending migrations, each in its own transaction. Several server processes may start at
 * once on one Postgres: an advisory lock makes the others wait, then find nothing left to do.
 * A database that records a migration `known` lacks was written by a newer version: it is refused
 * (DatabaseNewerThanCode) before anything is applied. `known` is this code's list, shorter only in
 * tests and the fixture script, which build databases of an earlier version.
 */
export async function migrate(db: Db, known: Migration[] = migrations): Promise<string[]> {
  const applied: string[] = [];
  const lock = async (tx: Queryable) => {
    if (db.dialect === 'postgres') await tx.run(sql`select pg_advisory_xact_lock(7355608)`.compile(db.qb));
  };
  await db.transaction(async (tx) => {
    await lock(tx);
    await tx.run(
      db.qb.schema
        .createTable('schema_migrations')
        .ifNotExists()
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('applied_at', 'text', (c) => c.notNull()),
    );
    const recorded = (await tx.all(db.qb.selectFrom('schema_migrations').select('name'))).map((row) => row.name);
    const knownNames = known.map((migration) => migration.name);
    const unknown = unknownMigrations(recorded, knownNames);
    if (unknown.length) throw new DatabaseNewerThanCode(unknown, knownNames);
  });
  for (const migration of known) {
    await db.transaction(async (tx) => {
      await lock(tx);
      const done = await tx.first(db.qb.selectFrom('schema_migrations').select('name').where('name', '=', migration.name));
      if (done) return;
      await migration.up(tx, db);
      await tx.run(db.qb.insertInto('schema_migrations').values({ name: migration.name, applied_at: nowIso() }));
      applied.push(migration.name);
    });
  }
  return applied;
}
