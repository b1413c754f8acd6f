import { tempDir } from '@studio/testkit/agent/test-agent';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EligibilityCache } from '../../src/eligibility/cache.js';
import { syncFeed, type FeedServer } from '../../src/eligibility/feed-sync.js';
import { findCached } from '../../src/eligibility/lookup.js';
import { ServerContact } from '../../src/link/server-contact.js';
import { openAgentDatabase } from '../../src/store/database.js';
import { FakeStudio } from '../helpers/fake-studio.js';

/** The cache on its own database file, as the agent opens it. */
function openStore(path: string) {
  const db = openAgentDatabase(path);
  return { db, cache: new EligibilityCache(db), close: () => db.close() };
}

describe('the feed sync', () => {
  let temp: ReturnType<typeof tempDir>;
  let studio: FakeStudio;
  let store: ReturnType<typeof openStore>;
  const sync = (server: FeedServer = studio, pageLimit = 2) =>
    syncFeed({ server, cache: store.cache, contact: new ServerContact(() => new Date()), locationId: studio.locationId, pageLimit, logger: pino({ level: 'silent' }), now: () => new Date() });

  beforeEach(() => {
    temp = tempDir();
    studio = new FakeStudio();
    store = openStore(`${temp.dir}/agent.db`);
  });
  afterEach(() => {
    store.close();
    temp.remove();
  });

  it('loads the feed in pages, then applies deltas from the cursor', async () => {
    for (let i = 0; i < 5; i++) studio.addMember(`100000000${i}`);
    await sync();
    expect(store.cache.rowCount()).toBe(5);
    expect(studio.calls.eligibility).toBe(3);
    expect(store.cache.state().fullSyncAt).not.toBeNull();
    studio.addMember('2000000000');
    await sync();
    expect(store.cache.rowCount()).toBe(6);
    expect(studio.calls.eligibility).toBe(4);
  });

  it('resumes an interrupted full load from the last committed page, and the cache is unusable until it ends', async () => {
    for (let i = 0; i < 5; i++) studio.addMember(`100000000${i}`);
    let calls = 0;
    const flaky: FeedServer = {
      eligibility: async (query, options) => {
        if (++calls === 2) throw new Error('connection reset');
        return studio.eligibility(query, options);
      },
    };
    await expect(sync(flaky)).rejects.toThrow('connection reset');
    expect(store.cache.rowCount()).toBe(2);
    expect(store.cache.syncedAt()).toBeNull();
    await sync(flaky);
    expect(store.cache.rowCount()).toBe(5);
    expect(store.cache.syncedAt()).not.toBeNull();
  });

  it('forgets a tombstoned credential', async () => {
    const ann = studio.addMember('1000000001');
    studio.addMember('1000000002');
    await sync();
    ann.deleted = true;
    studio.rows.delete(ann.membership_id);
    const server: FeedServer = { eligibility: async () => ({ ...(await studio.eligibility({ limit: 10 })), data: [ann], has_more: false }) };
    await sync(server);
    expect(store.cache.rowCount()).toBe(1);
    expect(store.cache.find([ann.credential_hash])).toBeNull();
  });

  it('reloads in full when the company hash key changes', async () => {
    const old = studio.addMember('1000000001');
    await sync();
    const rotated = new FakeStudio();
    Object.assign(rotated, { locationId: studio.locationId });
    const fresh = rotated.addMember('1000000001');
    await sync(rotated);
    expect(store.cache.state().hashKey).toBe(rotated.secret);
    expect(store.cache.find([old.credential_hash])).toBeNull();
    expect(store.cache.find([fresh.credential_hash])).not.toBeNull();
  });

  // Issue 14, 4g: a reload fills a table beside the cache, which keeps answering until the swap.
  it('keeps answering from the old cache when the server dies mid-reload, resumes the reload after a restart, then swaps', async () => {
    const olds = ['1000000001', '1000000002', '1000000003', '1000000004', '1000000005'].map((card) => studio.addMember(card));
    await sync();
    const rotated = new FakeStudio();
    Object.assign(rotated, { locationId: studio.locationId });
    const fresh = ['1000000001', '1000000002', '1000000003', '1000000004', '1000000005', '1000000006'].map((card) => rotated.addMember(card));
    let calls = 0;
    const dying: FeedServer = {
      eligibility: async (query, options) => {
        if (++calls === 3) throw new Error('connection reset');
        return rotated.eligibility(query, options);
      },
    };
    await expect(sync(dying)).rejects.toThrow('connection reset');
    // Two pages of the reload are in; the door still decides from the whole old cache, with its key.
    expect(store.cache.rowCount()).toBe(5);
    expect(store.cache.syncedAt()).not.toBeNull();
    expect(store.cache.state()).toMatchObject({ hashKey: studio.secret, reload: { hashKey: rotated.secret } });
    for (const [i, old] of olds.entries()) expect(findCached(store.cache, `100000000${i + 1}`)?.membership_id).toBe(old.membership_id);

    store.close();
    store = openStore(`${temp.dir}/agent.db`);
    expect(findCached(store.cache, '1000000003')?.membership_id).toBe(olds[2]!.membership_id);
    await sync(dying);
    // Resumed after the two committed pages (calls 4 and 5 fetched the rest), not started again.
    expect(calls).toBe(5);
    expect(store.cache.state()).toMatchObject({ hashKey: rotated.secret, reload: null });
    expect(store.cache.rowCount()).toBe(6);
    for (const [i, row] of fresh.entries()) expect(findCached(store.cache, `100000000${i + 1}`)?.membership_id).toBe(row.membership_id);
    expect(store.cache.find(olds.map((old) => old.credential_hash))).toBeNull();
    // The spare table is emptied once swapped; the next reload swaps back.
    expect((store.db.prepare('select count(*) as n from feed_rows_alt union all select count(*) from feed_rows').all() as { n: number }[]).map((r) => r.n).sort()).toEqual([0, 6]);
  });

  it('builds the lookup indexes of the table that answers when a full load ends, one resumed after a restart too, and when a reload swaps', async () => {
    const indexesOfLiveTable = () => {
      const { live_table } = store.db.prepare('select live_table from feed_state').get() as { live_table: string };
      return (store.db.prepare("select name from sqlite_master where type = 'index' and tbl_name = ? order by name").all(live_table) as { name: string }[]).map((r) => r.name);
    };
    const members = ['1000000001', '1000000002', '1000000003', '1000000004', '1000000005'].map((card) => studio.addMember(card));
    let calls = 0;
    const flaky: FeedServer = {
      eligibility: async (query, options) => {
        if (++calls === 2) throw new Error('connection reset');
        return studio.eligibility(query, options);
      },
    };
    await expect(sync(flaky)).rejects.toThrow('connection reset');
    store.close();
    store = openStore(`${temp.dir}/agent.db`);
    await sync(flaky);
    expect(indexesOfLiveTable()).toEqual(['feed_rows_contact_id', 'feed_rows_membership', 'sqlite_autoindex_feed_rows_1']);
    expect(store.cache.ofContact(members[3]!.contact_id!).map((row) => row.membership_id)).toEqual([members[3]!.membership_id]);

    const rotated = new FakeStudio();
    Object.assign(rotated, { locationId: studio.locationId });
    const fresh = rotated.addMember('1000000001');
    await sync(rotated);
    expect(indexesOfLiveTable()).toEqual(['feed_rows_alt_contact_id', 'feed_rows_alt_membership', 'sqlite_autoindex_feed_rows_alt_1']);
    expect(store.cache.ofContact(fresh.contact_id!).map((row) => row.membership_id)).toEqual([fresh.membership_id]);
  });

  it('keeps the old location cache answering while a lane moved to another location reloads, until the reload completes', async () => {
    const ann = studio.addMember('1000000001');
    studio.addMember('1000000002');
    studio.addMember('1000000003');
    await sync();
    const moved = new FakeStudio();
    const bob = moved.addMember('2000000001');
    moved.addMember('2000000002');
    moved.addMember('2000000003');
    const down = (server: FakeStudio, failAt: number): FeedServer => {
      let calls = 0;
      return {
        eligibility: async (query, options) => {
          if (++calls === failAt) throw new Error('connection reset');
          return server.eligibility(query, options);
        },
      };
    };
    // The lane moved to another location: the old location's cache answers until the new one is whole.
    const movedSync = (server: FeedServer) =>
      syncFeed({ server, cache: store.cache, contact: new ServerContact(() => new Date()), locationId: moved.locationId, pageLimit: 2, logger: pino({ level: 'silent' }), now: () => new Date() });
    await expect(movedSync(down(moved, 2))).rejects.toThrow('connection reset');
    expect(store.cache.state().locationId).toBe(studio.locationId);
    expect(findCached(store.cache, '1000000001')?.membership_id).toBe(ann.membership_id);
    await movedSync(moved);
    expect(store.cache.state()).toMatchObject({ locationId: moved.locationId, reload: null });
    expect(findCached(store.cache, '2000000001')?.membership_id).toBe(bob.membership_id);
    expect(findCached(store.cache, '1000000001')).toBeNull();
  });
});
