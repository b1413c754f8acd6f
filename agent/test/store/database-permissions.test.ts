import { chmodSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '@studio/testkit/agent/test-agent';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openAgentDatabase, type AgentDatabase } from '../../src/store/database.js';

const modeOf = (path: string) => statSync(path).mode & 0o777;

describe('agent.db permissions', () => {
  let temp: ReturnType<typeof tempDir>;
  let db: AgentDatabase | null = null;
  beforeEach(() => {
    temp = tempDir();
  });
  afterEach(() => {
    db?.close();
    db = null;
    temp.remove();
  });

  it('creates its folder 0700 and the database, WAL and SHM files 0600', () => {
    const path = join(temp.dir, 'data', 'agent.db');
    db = openAgentDatabase(path);
    db.prepare('insert or replace into liveness (id, at) values (1, ?)').run('2026-01-01T00:00:00.000Z'); // the WAL gets a frame
    expect(modeOf(join(temp.dir, 'data')).toString(8)).toBe('700');
    for (const file of [path, `${path}-wal`, `${path}-shm`]) expect(modeOf(file).toString(8), file).toBe('600');
  });

  it('narrows a database and WAL left readable by others by an older version', () => {
    const path = join(temp.dir, 'agent.db');
    openAgentDatabase(path).close();
    for (const file of [path, `${path}-wal`, `${path}-shm`]) {
      writeFileSync(file, '', { flag: 'a' });
      chmodSync(file, 0o644);
    }
    db = openAgentDatabase(path);
    for (const file of [path, `${path}-wal`, `${path}-shm`]) expect(modeOf(file).toString(8), file).toBe('600');
  });
});
