import { existsSync, statSync, statfsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { loadConfig } from '../config.js';
import { openPostgres } from '../db/dialects/postgres.js';
import { openSqlite } from '../db/dialects/sqlite.js';
import { migrations } from '../db/migrations/index.js';
import { isPostgresUrl } from '../db/open.js';
import type { Db } from '../db/types.js';
import { readContent } from './content.js';
import type { DatabaseFacts, DiskSpace, DoctorFacts, StorageFacts } from './facts.js';

/** What the doctor reads the world through; tests pass their own clock and disk. */
export interface DoctorDeps {
  env: NodeJS.ProcessEnv;
  now(): Date;
  diskSpace(path: string): DiskSpace;
  /** Permission bits of a file or folder, or null when there is none. */
  modeOf(path: string): number | null;
  knownMigrations: string[];
}

export const systemDeps: DoctorDeps = {
  env: process.env,
  now: () => new Date(),
  diskSpace(path) {
    const stats = statfsSync(path);
    return { freeBytes: stats.bavail * stats.bsize, totalBytes: stats.blocks * stats.bsize };
  },
  modeOf: (path) => (existsSync(path) ? statSync(path).mode & 0o777 : null),
  knownMigrations: migrations.map((migration) => migration.name),
};

const answerTimeoutMs = 5000;
const sqliteCompanions = ['', '-wal', '-shm', '-journal'];

/** Where the database is, without a password. */
function describeUrl(url: string): string {
  if (!isPostgresUrl(url)) return `SQLite ${url === ':memory:' ? url : resolve(url)}`;
  const parsed = new URL(url);
  return `Postgres ${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
}

/** The folder itself, or the nearest one above it that exists: the disk it will be made on. */
function nearestExisting(directory: string, deps: DoctorDeps): string {
  let folder = directory;
  while (deps.modeOf(folder) === null && dirname(folder) !== folder) folder = dirname(folder);
  return folder;
}

function storageOf(url: string, deps: DoctorDeps): StorageFacts | null {
  if (isPostgresUrl(url) || url === ':memory:') return null;
  const file = resolve(url);
  const directory = dirname(file);
  const directoryMode = deps.modeOf(directory);
  const files = sqliteCompanions.flatMap((suffix) => {
    const mode = deps.modeOf(file + suffix);
    return mode === null ? [] : [{ path: file + suffix, mode }];
  });
  let disk: StorageFacts['disk'];
  try {
    disk = deps.diskSpace(nearestExisting(directory, deps));
  } catch (error) {
    disk = { problem: (error as Error).message };
  }
  return { directory, directoryMode, files, disk };
}

/** A plain client first: it has a connect timeout, so a Postgres that never answers is reported, not waited for. */
async function postgresAnswers(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: answerTimeoutMs, query_timeout: answerTimeoutMs });
  try {
    await client.connect();
    await client.query('select 1');
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Opens the database without migrating it (the doctor changes nothing), or says why it cannot. */
async function openForDoctor(url: string): Promise<{ db: Db | null; facts: DatabaseFacts }> {
  const dialect = isPostgresUrl(url) ? 'postgres' : 'sqlite';
  const where = describeUrl(url);
  if (dialect === 'sqlite' && url !== ':memory:' && !existsSync(url)) {
    return { db: null, facts: { dialect, where, answered: false, problem: 'no database file there (`studio serve` creates it at its first start)' } };
  }
  const started = performance.now();
  let db: Db | null = null;
  try {
    if (dialect === 'postgres') await postgresAnswers(url);
    db = dialect === 'postgres' ? openPostgres(url, undefined, 1) : openSqlite(url);
    await db.first(sql`select 1 as one`.compile(db.qb));
    return { db, facts: { dialect, where, answered: true, ms: Math.round(performance.now() - started) } };
  } catch (error) {
    await db?.close().catch(() => undefined);
    return { db: null, facts: { dialect, where, answered: false, problem: (error as Error).message } };
  }
}

function configOf(env: NodeJS.ProcessEnv): { databaseUrl: string; problem: string | null } {
  try {
    return { databaseUrl: loadConfig(env).databaseUrl, problem: null };
  } catch (error) {
    // The rest is still worth checking: the database URL alone, with its default.
    return { databaseUrl: loadConfig({ DATABASE_URL: env.DATABASE_URL || undefined }).databaseUrl, problem: (error as Error).message };
  }
}

export async function gatherFacts(deps: DoctorDeps = systemDeps): Promise<DoctorFacts> {
  const config = configOf(deps.env);
  const { db, facts: database } = await openForDoctor(config.databaseUrl);
  let content: DoctorFacts['content'] = null;
  let contentProblem: string | null = null;
  try {
    if (db) content = await readContent(db);
  } catch (error) {
    contentProblem = (error as Error).message;
  } finally {
    await db?.close();
  }
  return { now: deps.now(), configProblem: config.problem, knownMigrations: deps.knownMigrations, database, storage: storageOf(config.databaseUrl, deps), content, contentProblem };
}
