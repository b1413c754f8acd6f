import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import { describe, expect, it } from 'vitest';
import { eligibilityFeed } from '../../src/modules/members/feed.js';
import { rolloverMs, rotatePassKeys } from '../../src/modules/passes/pass-keys.js';
import { CursorCodec } from '../../src/pagination/cursor.js';
import { handClock, twoLocationStudio } from '../staff-accounts/studio.js';

const cursors = new CursorCodec('a test cursor secret of enough length');

describe.each(dialects)("the eligibility feed's pass keys on %s", (dialect) => {
  const suite = useFreshDatabase(dialect);

  it("carries the location's live keys on every page, the one before during a roll-over only", async () => {
    const clock = handClock();
    const studio = await twoLocationStudio(suite.db);
    const page = (cursor?: string) => eligibilityFeed(suite.db, studio.business, { location_id: studio.north, limit: 100, ...(cursor && { cursor }) }, cursors, clock.now);
    const first = await page();
    expect(first.pass_keys).toEqual([{ epoch: 1, key: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), retired_at: null }]);
    const rotation = await rotatePassKeys(suite.db, studio.business, studio.north, clock.now);
    // A delta with no row changed still brings the new key.
    const delta = await page(first.next_cursor);
    expect(delta.data).toEqual([]);
    expect(delta.pass_keys.map((key) => [key.epoch, key.retired_at])).toEqual([
      [2, null],
      [1, rotation.previous_retires_at],
    ]);
    expect(delta.pass_keys[1]!.key).toBe(first.pass_keys[0]!.key);
    clock.advance(rolloverMs);
    expect((await page(delta.next_cursor)).pass_keys.map((key) => key.epoch)).toEqual([2]);
  });
});
