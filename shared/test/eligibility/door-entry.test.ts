import { describe, expect, it } from 'vitest';
import { doorEntryCounts } from '../../src/eligibility/door-entry.js';
import { EligibilityRow } from '../../src/schemas/members.js';

describe('what a door entry without a class spot uses', () => {
  it('counts on a `visit` plan or pack, not on a `nothing` one, and counts when the setting is unknown (the older rule)', () => {
    expect(doorEntryCounts('visit')).toBe(true);
    expect(doorEntryCounts('nothing')).toBe(false);
    expect(doorEntryCounts(undefined)).toBe(true);
  });

  it('a feed row carries the setting: either value, `visit` when an older server leaves it out, nothing else', () => {
    const setting = EligibilityRow.shape.door_checkin_consumes;
    expect(setting.parse('visit')).toBe('visit');
    expect(setting.parse('nothing')).toBe('nothing');
    expect(setting.parse(undefined)).toBe('visit');
    expect(setting.safeParse('free').success).toBe(false);
  });
});
