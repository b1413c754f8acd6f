import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '@studio/server/src/db/dialects/open.js';
import type { Db } from '@studio/server/src/db/types.js';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';

/**
 * The databases every server suite runs against. Postgres is at TEST_POSTGRES_URL (default: the CI
 * machine's 127.0.0.1:5432, user postgres, database test). In CI it is mandatory: if it cannot be
 * reached the suite fails rather than skipping. Elsewhere a missing Postgres is reported and skipped.
 */
export const postgresAdminUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: postgresAdminUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch (error) {
    if (process.env.CI) throw new Error(`Postgres is required in CI but ${postgresAdminUrl} is unreachable: ${String(error)}`);
    console.warn(`Postgres tests skipped: ${postgresAdminUrl} is unreachable (${String(error)})`);
    return false;
  }
}

export type DialectName = 'sqlite' | 'postgres';
export const dialects: DialectName[] = (await postgresReachable()) ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A new, empty database of the dialect: a SQLite file in a temp folder, or a Postgres schema. */
export async function freshDatabase(dialect: DialectName): Promise<TestDatabase> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'studio-test-'));
    return { url: join(dir, 'studio.db'), drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  await trigramsInCatalog;
  const schema = `t_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create schema ${schema}`);
  const url = new URL(postgresAdminUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return { url: url.toString(), drop: () => adminQuery(`drop schema if exists ${schema} cascade`) };
}

/**
 * pg_trgm is one per database and lives in one schema. Left to the migration, it lands in the first
 * test schema that asks, and dropping that schema (cascade) drops it under every other suite running
 * at the same time ("operator class gin_trgm_ops does not exist"). Kept in `pg_catalog`, which every
 * search path includes, the migration's `create extension if not exists` finds it from any schema.
 */
const trigramsInCatalog = dialects.includes('postgres') ? placeTrigramsInCatalog() : Promise.resolve();

async function placeTrigramsInCatalog(): Promise<void> {
  // Test files start in parallel workers: a concurrent create may lose the race (unique violation);
  // the winner's extension is then there.
  await adminQuery('create extension if not exists pg_trgm with schema pg_catalog').catch(() => undefined);
  await adminQuery(`do $$ begin
    if (select n.nspname from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm') <> 'pg_catalog'
    then alter extension pg_trgm set schema pg_catalog; end if; end $$`);
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresAdminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export interface SuiteDatabase {
  /** The open, migrated database; set before the suite's first test. */
  db: Db;
  url: string;
}

/**
 * A fresh database for the enclosing `describe`: opened and migrated before its tests, closed
 * and dropped after them. Call it at the top of the describe, before the suite's own hooks.
 */
export function useFreshDatabase(dialect: DialectName): SuiteDatabase {
  const suite = {} as SuiteDatabase;
  let database: TestDatabase;
  beforeAll(async () => {
    database = await freshDatabase(dialect);
    suite.url = database.url;
    suite.db = await openDatabase(database.url);
  });
  afterAll(async () => {
    await suite.db?.close();
    await database?.drop();
  });
  return suite;
}
