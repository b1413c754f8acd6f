import { describe, expect, it } from 'vitest';
import { checkinWindow, checkinWindowMessage, checkinWindowState, defaultCheckinWindow } from '../../src/eligibility/checkin-window.js';

/** Any class start: every instant below is relative to it. */
const start = '2030-06-12T22:30:00.000Z';
const offset = (ms: number) => new Date(Date.parse(start) + ms);
const minute = 60_000;

describe('the class check-in window', () => {
  it('opens 30 minutes before the start and closes 15 minutes after it by default', () => {
    expect(defaultCheckinWindow).toEqual({ opens_minutes_before: 30, closes_minutes_after: 15 });
    expect(checkinWindow(start, defaultCheckinWindow)).toEqual({ opens_at: offset(-30 * minute).toISOString(), closes_at: offset(15 * minute).toISOString() });
  });

  it('includes both edges and nothing beyond them, to the millisecond', () => {
    const window = checkinWindow(start, { opens_minutes_before: 10, closes_minutes_after: 5 });
    expect(checkinWindowState(window, offset(-10 * minute - 1))).toBe('not_open_yet');
    expect(checkinWindowState(window, offset(-10 * minute))).toBe('open');
    expect(checkinWindowState(window, offset(0))).toBe('open');
    expect(checkinWindowState(window, offset(5 * minute))).toBe('open');
    expect(checkinWindowState(window, offset(5 * minute + 1))).toBe('closed');
  });

  it('a zero window is the start itself', () => {
    const window = checkinWindow(start, { opens_minutes_before: 0, closes_minutes_after: 0 });
    expect(window).toEqual({ opens_at: start, closes_at: start });
    expect(checkinWindowState(window, offset(0))).toBe('open');
    expect(checkinWindowState(window, offset(-1))).toBe('not_open_yet');
    expect(checkinWindowState(window, offset(1))).toBe('closed');
  });

  it("says when it opens or closed in the location's local time, with the day and the zone", () => {
    const window = checkinWindow(start, defaultCheckinWindow);
    // 22:30 UTC is 18:30 in New York (EDT) and 07:30 the next day in Tokyo.
    expect(checkinWindowMessage(window, 'not_open_yet', 'America/New_York')).toBe('Check-in for this class opens at Wednesday 12 June, 18:00 EDT.');
    expect(checkinWindowMessage(window, 'closed', 'America/New_York')).toBe('Check-in for this class closed at Wednesday 12 June, 18:45 EDT.');
    expect(checkinWindowMessage(window, 'not_open_yet', 'Asia/Tokyo')).toBe('Check-in for this class opens at Thursday 13 June, 07:00 GMT+9.');
  });

  it('counts real minutes across a daylight-saving change', () => {
    // 03:10 EDT on a spring-forward day in New York: 30 real minutes earlier is 01:40 EST.
    const window = checkinWindow('2030-03-10T07:10:00.000Z', defaultCheckinWindow);
    expect(window.opens_at).toBe('2030-03-10T06:40:00.000Z');
    expect(checkinWindowMessage(window, 'not_open_yet', 'America/New_York')).toContain('01:40 EST');
  });
});
