import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/open.js';
import type { Db } from '../../src/db/types.js';
import { createCompany } from '../../src/modules/companies/repository.js';
import { createKey, revokeKey } from '../../src/modules/keys/repository.js';
import { dialects, freshDatabase, type TestDatabase } from '../helpers/databases.js';

const studioBin = fileURLToPath(new URL('../../bin/studio.js', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

/** A real `studio serve` process on the shared database, as a second node of a multi-site install. */
async function startServerProcess(databaseUrl: string) {
  const port = await freePort();
  const child = spawn(process.execPath, [studioBin, 'serve'], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const base = `http://127.0.0.1:${port}/v1`;
  for (let attempt = 0; attempt < 150; attempt++) {
    if (child.exitCode !== null) throw new Error(`studio serve exited: ${stderr}`);
    try {
      await fetch(`${base}/openapi.json`);
      return { child, base };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  child.kill();
  throw new Error(`studio serve did not start: ${stderr}`);
}

// Two processes on one SQLite file is not a supported deployment; several processes share Postgres.
describe.each(dialects.filter((d) => d === 'postgres'))('revocation across server processes (%s)', (dialect) => {
  let database: TestDatabase;
  let db: Db;
  const processes: ChildProcess[] = [];

  beforeAll(async () => {
    database = await freshDatabase(dialect);
    db = await openDatabase(database.url);
  });
  afterAll(async () => {
    for (const child of processes) child.kill('SIGTERM');
    await db.close();
    await database.drop();
  });

  it('a key revoked through one process is refused by another at its next request', async () => {
    const company = await createCompany(db, { name: 'Multi-site Gym' });
    const { id, key } = await createKey(db, { companyId: company.id, scopes: 'all', locationIds: 'all' });
    const [first, second] = await Promise.all([startServerProcess(database.url), startServerProcess(database.url)]);
    processes.push(first.child, second.child);
    const ping = (base: string) => fetch(`${base}/ping`, { headers: { authorization: `Bearer ${key}` } });
    expect((await ping(first.base)).status).toBe(200);
    expect((await ping(second.base)).status).toBe(200);
    await revokeKey(db, id);
    for (const base of [first.base, second.base]) {
      const answer = await ping(base);
      expect(answer.status).toBe(401);
      expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('invalid_api_key');
    }
  });
});
