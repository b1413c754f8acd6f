import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EligibilityCache } from '../../src/eligibility/cache.js';
import { openAgentDatabase } from '../../src/store/database.js';
import { tempDir } from '@studio/testkit/agent/test-agent';

describe('the agent database', () => {
  let temp: ReturnType<typeof tempDir>;
  let path: string;
  beforeEach(() => {
    temp = tempDir();
    path = `${temp.dir}/sub/agent.db`;
  });
  afterEach(() => temp.remove());

  it('runs WAL with synchronous=FULL on every open, also when reopening an existing WAL file', () => {
    for (let open = 0; open < 2; open++) {
      const db = openAgentDatabase(path);
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(db.pragma('synchronous', { simple: true })).toBe(2);
      db.close();
    }
    // The trap the store guards against: a plain reopen of the WAL file runs at NORMAL (1).
    const plain = new Database(path);
    expect(plain.pragma('synchronous', { simple: true })).toBe(1);
    plain.close();
  });

  it("reads a member's latest passage from the index, without sorting their grants, also in a database made before", () => {
    const oldPath = `${temp.dir}/old.db`;
    const old = new Database(oldPath);
    old.exec(
      'create table decisions (id integer primary key autoincrement, at text not null, lane_id text not null, reader_id text not null, credential_digest text not null, membership_id text, granted integer not null, reason text, offline integer not null, idempotency_key text)',
    );
    old.exec('create index decisions_grants on decisions (credential_digest, granted, at)');
    old.close();
    for (const file of [path, oldPath]) {
      const db = openAgentDatabase(file);
      const plan = db.prepare('explain query plan select at, direction from decisions where passage_key = ? and granted = 1 order by id desc limit 1').all('digest') as { detail: string }[];
      expect(plan.map((row) => row.detail).join('\n')).toMatch(/USING (COVERING )?INDEX decisions_last_passage/);
      expect(plan.map((row) => row.detail).join('\n')).not.toMatch(/TEMP B-TREE/);
      db.close();
    }
  });
});

describe('an agent database made before the contact column', () => {
  let temp: ReturnType<typeof tempDir>;
  beforeEach(() => {
    temp = tempDir();
  });
  afterEach(() => temp.remove());

  it("gains the column, filled from the cached rows, so the kiosk finds a contact's rows", () => {
    const path = `${temp.dir}/old.db`;
    const old = new Database(path);
    old.exec('create table feed_rows (credential_hash text primary key, membership_id text not null, row text not null)');
    old.exec("create index feed_rows_contact on feed_rows (json_extract(row, '$.contact_id'))");
    old.prepare('insert into feed_rows values (?, ?, ?)').run('hash-1', 'm-1', JSON.stringify({ credential_hash: 'hash-1', membership_id: 'm-1', contact_id: 'c-1' }));
    old.close();
    const db = openAgentDatabase(path);
    expect(new EligibilityCache(db).ofContact('c-1').map((row) => row.credential_hash)).toEqual(['hash-1']);
    const indexes = db.prepare("select name from sqlite_schema where type = 'index' and tbl_name = 'feed_rows'").all() as { name: string }[];
    expect(indexes.map((index) => index.name)).toContain('feed_rows_contact_id');
    expect(indexes.map((index) => index.name)).not.toContain('feed_rows_contact');
    db.close();
  });
});
