import { defaultMatchingProfile, type EligibilityRow } from '@studio/shared';
import { tempDir } from '@studio/testkit/agent/test-agent';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EligibilityCache, type FeedPage } from '../../src/eligibility/cache.js';
import { openAgentDatabase } from '../../src/store/database.js';

/** The cache on its own database file, as the agent opens it. */
function openStore(path: string) {
  const db = openAgentDatabase(path);
  return { db, cache: new EligibilityCache(db), close: () => db.close() };
}

const at = new Date('2026-03-02T10:00:00Z');
const row: EligibilityRow = {
  credential_hash: 'hash-1',
  membership_id: 'm-1',
  contact_id: 'c-1',
  first_name: 'Ann',
  plan_name: 'Pack',
  status: 'active',
  start_date: '2020-01-01',
  end_date: null,
  valid_until: null,
  allowance: 1,
  used: 0,
  allowance_renews_at: null,
  allowed_here: true,
  form_signed: true,
  has_card: true,
  resolved_by: 'card_uid',
  valid_for_checkin: true,
  reason: null,
  warnings: [],
  visits_remaining: 1,
  door_checkin_consumes: 'nothing',
  updated_at: at.toISOString(),
  deleted: false,
};
const page = (data: unknown[], cursor: string): FeedPage => ({
  data: data as EligibilityRow[],
  next_cursor: cursor,
  has_more: false,
  location_id: 'loc',
  credential_hash_key: 'key',
  pass_keys: [],
  rules: { timezone: 'Europe/Berlin', checkin_alerts: {}, access_hours: null, matching_profile: defaultMatchingProfile },
});

/** Feed rows carry `door_checkin_consumes` since issue 14: a box that cached rows before must not keep them for good. */
describe('an agent database whose feed rows were cached before they carried the door setting', () => {
  let temp: ReturnType<typeof tempDir>;
  let path: string;
  beforeEach(() => {
    temp = tempDir();
    path = `${temp.dir}/agent.db`;
  });
  afterEach(() => temp.remove());

  it('reads them as `visit` and drops the feed cursor once, so the next sync reloads them while the cache keeps answering', () => {
    const old = openStore(path);
    const { door_checkin_consumes: _, ...cachedBefore } = row;
    old.cache.applyPage(page([cachedBefore], 'cursor-1'), { startsFullLoad: true, at });
    // What every database made before this version says.
    old.db.pragma('user_version = 0');
    old.close();

    const upgraded = openStore(path);
    expect(upgraded.cache.state()).toMatchObject({ cursor: null, reload: null, locationId: 'loc' });
    expect(upgraded.cache.syncedAt()).toEqual(at);
    expect(upgraded.cache.find(['hash-1'])).toMatchObject({ membership_id: 'm-1', door_checkin_consumes: 'visit' });
    // The reload the dropped cursor starts (beside the usable cache) brings the setting.
    upgraded.cache.applyPage(page([row], 'cursor-2'), { startsFullLoad: true, at: new Date(at.getTime() + 60_000) });
    upgraded.close();

    const reopened = openStore(path);
    expect(reopened.cache.state().cursor).toBe('cursor-2');
    expect(reopened.cache.find(['hash-1'])).toMatchObject({ door_checkin_consumes: 'nothing' });
    reopened.close();
  });
});
