import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AgentStore } from '../../src/store/agent-store.js';
import { syncFeed, type FeedServer } from '../../src/sync/feed-sync.js';
import { ServerContact } from '../../src/sync/server-contact.js';
import { FakeStudio } from '../helpers/fake-studio.js';
import { tempDir } from '../helpers/test-agent.js';

describe('the feed sync', () => {
  let temp: ReturnType<typeof tempDir>;
  let studio: FakeStudio;
  let store: AgentStore;
  const sync = (server: FeedServer = studio, pageLimit = 2) =>
    syncFeed({ server, cache: store.cache, contact: new ServerContact(() => new Date()), locationId: studio.locationId, pageLimit, logger: pino({ level: 'silent' }), now: () => new Date() });

  beforeEach(() => {
    temp = tempDir();
    studio = new FakeStudio();
    store = AgentStore.open(`${temp.dir}/agent.db`);
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
});
