import { describe, expect, it } from 'vitest';
import type { MemberProfile, TodayEvent, TodaySummary } from '@studio/shared/web-app';
import { withEvent } from '../src/api/today.ts';
import english from '../src/i18n/catalogs/en/common.json';
import { isEnrollable, resultOf, visitWarnings } from '../src/format/event-words.ts';
import { latestScan } from '../src/format/scans.ts';
import { mainMembership, standing, statusActions } from '../src/format/standing.ts';
import { createTranslator } from '@studio/shared/i18n';
import { english as catalogs, namespaces } from '../src/i18n/english.ts';

const location = '00000000-0000-4000-8000-000000000001';

function event(id: string, kind: TodayEvent['kind'], at = '2026-03-10T17:00:00.000Z'): TodayEvent {
  return { id, kind, at, location_id: location, contact: null, source: 'turnstile', device_id: 'gate', offline: false, flags: [], reasons: [], message: '', staff_name: null, last_four: null };
}

const summary: TodaySummary = { location_id: location, day: '2026-03-10', checked_in: 1, refused: 0, in_now: 1, events: [event('visit:1', 'visit')] };

describe('the Today feed', () => {
  it('puts a new event first and moves its counter once', () => {
    const next = withEvent(withEvent(summary, event('denial:1', 'denial')), event('visit:2', 'visit'));
    expect(next.events.map((e) => e.id)).toEqual(['visit:2', 'denial:1', 'visit:1']);
    expect([next.checked_in, next.refused]).toEqual([2, 1]);
  });

  it('ignores an event it already shows (a replay after reconnecting) and other locations', () => {
    expect(withEvent(summary, event('visit:1', 'visit'))).toBe(summary);
    expect(withEvent(summary, { ...event('visit:9', 'visit'), location_id: '00000000-0000-4000-8000-000000000002' })).toBe(summary);
  });

  it('counts an unknown card as neither a check-in nor a refusal, and keeps 50 rows', () => {
    let next = summary;
    for (let i = 0; i < 60; i += 1) next = withEvent(next, event(`scan:${i}`, 'unknown_card'));
    expect([next.checked_in, next.refused, next.events.length]).toEqual([1, 0, 50]);
  });
});

describe('card enrolment', () => {
  const now = new Date('2026-03-10T17:00:00.000Z');
  const scans = [
    { id: 'a', device_id: 'desk-1', scanned_at: '2026-03-10T16:59:00.000Z' },
    { id: 'b', device_id: 'desk-2', scanned_at: '2026-03-10T16:59:30.000Z' },
    { id: 'c', device_id: 'desk-1', scanned_at: '2026-03-10T16:57:59.000Z' },
  ];

  it("offers this desk reader's newest read of the last two minutes only", () => {
    expect(latestScan(scans, 'desk-1', now)?.id).toBe('a');
    expect(latestScan(scans, null, now)?.id).toBe('b');
    expect(latestScan(scans, 'desk-1', new Date('2026-03-10T17:01:01.000Z'))).toBeNull();
  });
});

describe('the status banner', () => {
  const t = createTranslator({ language: 'en', resources: { en: catalogs }, namespaces, defaultNamespace: 'common' }).getFixedT('en', 'profile');
  const held = (status: string, extra: object = {}) =>
    ({ id: status, status, plan_name: 'Unlimited', start_date: '2026-03-01', end_date: null, visits_remaining: null, ...extra }) as unknown as MemberProfile['memberships'][number];

  it('says in words whether the member can check in', () => {
    expect(standing(t, { memberships: [held('active')], form_signed_at: '2026-01-01T00:00:00.000Z' })).toEqual({ tone: 'ok', words: 'Can check in: Unlimited.' });
    expect(standing(t, { memberships: [held('active', { visits_remaining: 1 })], form_signed_at: '2026-01-01T00:00:00.000Z' }).words).toBe('Warning: last visit on Unlimited.');
    expect(standing(t, { memberships: [held('past_due')], form_signed_at: '2026-01-01T00:00:00.000Z' })).toMatchObject({ tone: 'blocked', words: 'Blocked: payment past due on Unlimited.' });
    expect(standing(t, { memberships: [], form_signed_at: null })).toMatchObject({ tone: 'none', words: 'No plan: sell one to let them in. Waiver not signed.' });
  });

  it('prefers a usable membership over an ended one', () => {
    expect(mainMembership([held('cancelled'), held('active')])?.status).toBe('active');
  });

  it('offers the status changes that make sense for each status', () => {
    expect(statusActions('active').map((a) => t(a.key))).toEqual(['Pause', 'Mark past due', 'Cancel membership']);
    expect(statusActions('paused').map((a) => t(a.key))).toEqual(['Reactivate', 'Cancel membership']);
    expect(statusActions('cancelled')).toEqual([]);
  });
});

describe('the words of a feed row', () => {
  it('says "Checked in" in its kinds for a visit, and "Refused" with the first reason for a denial', () => {
    expect(resultOf(event('visit:1', 'visit'))).toEqual({ key: 'result.checked_in' });
    expect(resultOf({ ...event('visit:1', 'visit'), flags: ['staff_override', 'past_due'] })).toEqual({ key: 'result.override' });
    expect(resultOf({ ...event('visit:1', 'visit'), offline: true, flags: ['ineligible_at_checkin'] })).toEqual({ key: 'result.offline_follow_up' });
    expect(resultOf({ ...event('denial:1', 'denial'), reasons: ['past_due', 'form_missing'] })).toEqual({ key: 'result.refused', reason: 'past_due' });
  });

  it('calls a member without a card "No card"', () => {
    expect(english['reason.no_card']).toBe('No card');
  });

  it("shows a visit's warnings (rules set to warn), not the reasons an override or an offline entry let through", () => {
    expect(visitWarnings({ ...event('visit:1', 'visit'), flags: ['form_missing', 'device_clock_ahead'] })).toEqual(['form_missing']);
    expect(visitWarnings({ ...event('visit:1', 'visit'), flags: ['staff_override', 'past_due'] })).toEqual([]);
    expect(visitWarnings({ ...event('denial:1', 'denial'), reasons: ['form_missing'] })).toEqual([]);
  });

  it('offers to enrol an unknown card until it is enrolled, and a card refused at a door that named no member', () => {
    expect(isEnrollable({ ...event('scan:1', 'unknown_card'), message: 'Unknown card ending 4321 at desk-1', last_four: '4321' })).toBe(true);
    expect(isEnrollable({ ...event('scan:1', 'unknown_card'), message: 'Card ending 4321 enrolled', last_four: '4321' })).toBe(false);
    expect(isEnrollable({ ...event('denial:1', 'denial'), reasons: ['not_found'], last_four: '0777' })).toBe(true);
    expect(isEnrollable({ ...event('denial:1', 'denial'), reasons: ['past_due'], contact: { id: location, name: 'Pat' } })).toBe(false);
  });
});
