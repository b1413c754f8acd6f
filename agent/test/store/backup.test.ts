import Database from 'better-sqlite3';
import { execFile } from 'node:child_process';
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backupAgentStore, storePathOf } from '../../src/store/backup.js';
import { GateStore } from '../../src/gate/gate-store.js';
import { openAgentDatabase, type AgentDatabase } from '../../src/store/database.js';
import { agentBin } from '@studio/testkit/agent/agent-process';
import { tempDir } from '@studio/testkit/agent/test-agent';

const run = promisify(execFile);
const at = new Date('2026-03-02T10:15:00.000Z');

/** Idempotency keys of the outbox rows in a store file. */
const outboxKeys = (file: string): string[] => {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare<[], { idempotency_key: string }>('select idempotency_key from outbox order by id')
      .all()
      .map((row) => row.idempotency_key);
  } finally {
    db.close();
  }
};

describe('backing up the agent store while the agent has it open', () => {
  let temp: ReturnType<typeof tempDir>;
  let db: AgentDatabase;
  let store: GateStore;
  let visits = 0;
  const visit = () =>
    store.outbox.add({ idempotency_key: `visit-${visits++}`, membership_id: 'm-1', location_id: 'l-1', device_id: 'gate-1', checked_in_at: at.toISOString(), online_attempted: false }, at);
  beforeEach(() => {
    temp = tempDir();
    visits = 0;
    db = openAgentDatabase(join(temp.dir, 'data', 'agent.db'));
    store = new GateStore(db);
    // Enough rows that the copy takes many steps.
    db.transaction(() => {
      for (let i = 0; i < 3000; i++) visit();
    })();
  });
  afterEach(() => {
    db.close();
    temp.remove();
  });

  it('copies every visit recorded before it started while the agent keeps recording, and the store stays usable', async () => {
    const target = join(temp.dir, 'agent-backup.db');
    const steps: number[] = [];
    const result = await backupAgentStore(join(temp.dir, 'data', 'agent.db'), target, {
      pagesPerStep: 5,
      onProgress: ({ pagesDone }) => {
        steps.push(pagesDone);
        visit(); // the agent's own connection commits between the copy's steps
      },
    });
    expect(steps.length).toBeGreaterThan(10);
    expect(outboxKeys(target)).toEqual(Array.from({ length: 3000 }, (_, i) => `visit-${i}`));
    visit();
    expect(store.outbox.list('pending')).toHaveLength(visits);
    expect((statSync(result.file).mode & 0o777).toString(8)).toBe('600');
    expect(readdirSync(temp.dir).sort()).toEqual(['agent-backup.db', 'data']);
  });

  it('`studio-agent backup FILE` finds the store through the config (no API key needed) and refuses to overwrite without --force', async () => {
    const config = join(temp.dir, 'agent.json');
    writeFileSync(config, JSON.stringify({ version: 1, store: { path: 'data/agent.db' } }));
    expect(storePathOf(config)).toBe(join(temp.dir, 'data', 'agent.db'));
    const target = join(temp.dir, 'nightly.db');
    const { stdout, stderr } = await run(process.execPath, [agentBin, 'backup', target, '--config', config], { env: { ...process.env, STUDIO_AGENT_KEY: '' } });
    expect(stderr).toBe('');
    expect(JSON.parse(stdout)).toMatchObject({ store: join(temp.dir, 'data', 'agent.db'), backup: target });
    expect(outboxKeys(target)).toHaveLength(3000);

    const again = await run(process.execPath, [agentBin, 'backup', target, '--config', config]).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(again).toMatchObject({ code: 1, stderr: `studio-agent: ${target} already exists; use --force to replace it\n` });
  });
});
