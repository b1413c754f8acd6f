import type { KioskClass } from '@studio/shared/kiosk';
import { describe, expect, it } from 'vitest';
import { firstNameOf } from '../../src/kiosk/kiosk-view.js';
import type { CachedClass } from '../../src/kiosk/store/timetable-cache.js';
import { classForScan, openForCheckIn, shownOnKiosk, timetableQuery } from '../../src/kiosk/timetable-window.js';

const cls = (id: string, start: string, minutes = 60, status: KioskClass['status'] = 'scheduled', roster: string[] = []): CachedClass => ({
  class: {
    id,
    name: id,
    instructor: null,
    start,
    end: new Date(Date.parse(start) + minutes * 60_000).toISOString(),
    capacity: 10,
    booked: roster.length,
    spots_left: 10 - roster.length,
    status,
  },
  roster: roster.map((contact_id) => ({ contact_id, display_name: 'X', status: 'reserved' as const })),
  syncedAt: start,
});

describe('the kiosk timetable window', () => {
  it('asks from local midnight (the day before, just after midnight) to the end of the local day the horizon reaches', () => {
    // 22:30 in New York is 03:30 UTC the next day: the local day is the 23rd.
    const lateEvening = new Date('2026-11-24T03:30:00Z');
    expect(timetableQuery(lateEvening, 'America/New_York', 3)).toEqual({ from: '2026-11-23', to: '2026-11-25' });
    expect(timetableQuery(new Date('2026-11-23T14:00:00Z'), 'America/New_York', 3)).toEqual({ from: '2026-11-23', to: '2026-11-24' });
    expect(timetableQuery(new Date('2026-11-23T14:00:00Z'), 'Asia/Tokyo', 3)).toEqual({ from: '2026-11-23', to: '2026-11-25' });
    // 00:10 in New York: yesterday's 23:30 class is still running, so yesterday is asked for too.
    expect(timetableQuery(new Date('2026-11-24T05:10:00Z'), 'America/New_York', 3)).toEqual({ from: '2026-11-23', to: '2026-11-25' });
  });

  it("shows today's classes that have not ended and the next hours' ones", () => {
    const now = new Date('2026-11-23T15:00:00Z'); // 10:00 in New York
    const zone = 'America/New_York';
    expect(shownOnKiosk(cls('ended', '2026-11-23T13:00:00Z').class, now, zone, 3)).toBe(false);
    expect(shownOnKiosk(cls('running', '2026-11-23T14:30:00Z').class, now, zone, 3)).toBe(true);
    expect(shownOnKiosk(cls('tonight', '2026-11-24T01:00:00Z').class, now, zone, 3)).toBe(true); // 20:00 local, same day
    expect(shownOnKiosk(cls('tomorrow', '2026-11-24T13:00:00Z').class, now, zone, 3)).toBe(false);
    const lateEvening = new Date('2026-11-24T03:30:00Z'); // 22:30 local: tomorrow's 00:30 is within 3 hours
    expect(shownOnKiosk(cls('after-midnight', '2026-11-24T05:30:00Z').class, lateEvening, zone, 3)).toBe(true);
    expect(shownOnKiosk(cls('tomorrow-morning', '2026-11-24T12:00:00Z').class, lateEvening, zone, 3)).toBe(false);
  });

  it('opens a class for scans from the configured minutes before its start until its end', () => {
    const now = new Date('2026-11-23T15:00:00Z');
    const classes = [
      cls('in-29-min', '2026-11-23T15:29:00Z'),
      cls('in-31-min', '2026-11-23T15:31:00Z'),
      cls('running', '2026-11-23T14:30:00Z'),
      cls('just-ended', '2026-11-23T14:00:00Z'),
      cls('cancelled', '2026-11-23T15:10:00Z', 60, 'cancelled'),
    ];
    expect(openForCheckIn(classes, now, 30).map((c) => c.class.id)).toEqual(['in-29-min', 'running']);
  });

  it('picks the open class the member holds a spot in, else the one starting nearest to now', () => {
    const now = new Date('2026-11-23T15:00:00Z');
    const running = cls('running', '2026-11-23T14:20:00Z', 60, 'scheduled', ['ann']);
    const next = cls('next', '2026-11-23T15:10:00Z', 60, 'scheduled', ['bob']);
    expect(classForScan([running, next], 'ann', now)?.class.id).toBe('running');
    expect(classForScan([running, next], 'bob', now)?.class.id).toBe('next');
    expect(classForScan([running, next], 'walk-in', now)?.class.id).toBe('next');
    expect(classForScan([], 'ann', now)).toBeNull();
  });

  it('greets by first name: the display name without its last initial', () => {
    expect(firstNameOf('Sam K.')).toBe('Sam');
    expect(firstNameOf('Mary Ann Ö.')).toBe('Mary Ann');
    expect(firstNameOf('Cher')).toBe('Cher');
  });
});
