import { describe, expect, it } from 'vitest';
import { decide, type Reason } from '../../src/eligibility/index.js';
import { at, facts, rules } from './facts.js';

// A Wednesday noon, UTC. Every date below is relative to this injected instant.
const now = at('2026-06-10T12:00:00.000Z');

describe('decide: status', () => {
  it.each([
    ['cancelled', ['cancelled']],
    ['expired', ['expired']],
    ['paused', ['paused']],
    ['pending', ['not_started']],
    ['active', []],
    ['trialing', []],
  ] as const)('a %s membership is refused for %j', (status, reasons) => {
    const decision = decide(facts({ status }), rules(), now);
    expect(decision.reasons).toEqual(reasons);
    expect(decision.valid).toBe(reasons.length === 0);
    expect(decision.reason).toBe(reasons[0] ?? null);
  });

  it('past_due does what the location says: block, warn or nothing', () => {
    const pastDue = facts({ status: 'past_due' });
    const block = decide(pastDue, rules(), now);
    expect(block).toEqual({ valid: false, reason: 'past_due', reasons: ['past_due'], warnings: [], visits_remaining: null });
    const warn = decide(pastDue, rules({ checkin_alerts: { past_due: 'warn', no_card: 'off', form_missing: 'off' } }), now);
    expect(warn).toEqual({ valid: true, reason: null, reasons: [], warnings: ['past_due'], visits_remaining: null });
    const off = decide(pastDue, rules({ checkin_alerts: { past_due: 'off', no_card: 'off', form_missing: 'off' } }), now);
    expect(off).toEqual({ valid: true, reason: null, reasons: [], warnings: [], visits_remaining: null });
  });
});

describe('decide: dates, on the local date of the location', () => {
  it.each([
    ['2026-06-11', ['not_started']],
    ['2026-06-10', []],
    ['2026-06-09', []],
  ] as const)('starting %s is refused for %j on 2026-06-10', (start_date, reasons) => {
    expect(decide(facts({ start_date }), rules(), now).reasons).toEqual(reasons);
  });

  it.each([
    ['2026-06-09', ['expired']],
    ['2026-06-10', []],
    ['2026-06-11', []],
    [null, []],
  ] as const)('ending %s is refused for %j on 2026-06-10', (end_date, reasons) => {
    expect(decide(facts({ end_date }), rules(), now).reasons).toEqual(reasons);
  });

  it('a pending membership starting later says not_started once, an expired one past its end expired once', () => {
    expect(decide(facts({ status: 'pending', start_date: '2026-07-01' }), rules(), now).reasons).toEqual(['not_started']);
    expect(decide(facts({ status: 'expired', end_date: '2026-05-31' }), rules(), now).reasons).toEqual(['expired']);
  });

  it('reads today in the location zone, not in UTC', () => {
    // 2026-06-10T02:00Z is still 2026-06-09 22:00 in New York, already 2026-06-10 in Kolkata.
    const early = at('2026-06-10T02:00:00.000Z');
    const startsToday = facts({ start_date: '2026-06-10' });
    expect(decide(startsToday, rules({ timezone: 'America/New_York' }), early).reasons).toEqual(['not_started']);
    expect(decide(startsToday, rules({ timezone: 'Asia/Kolkata' }), early).reasons).toEqual([]);
    const endedYesterday = facts({ end_date: '2026-06-09' });
    expect(decide(endedYesterday, rules({ timezone: 'America/New_York' }), early).reasons).toEqual([]);
    expect(decide(endedYesterday, rules({ timezone: 'Asia/Kolkata' }), early).reasons).toEqual(['expired']);
  });
});

describe('decide: location and allowance', () => {
  it('a plan that does not admit the location is refused', () => {
    expect(decide(facts({ allowed_here: false }), rules(), now).reasons).toEqual(['location_not_allowed']);
  });

  it.each([
    [null, 0, null, []],
    [null, 50, null, []],
    [5, 0, 5, []],
    [5, 4, 1, []],
    [5, 5, 0, ['no_visits_remaining']],
    [5, 7, 0, ['no_visits_remaining']],
    [0, 0, 0, ['no_visits_remaining']],
  ] as const)('allowance %s with %s used leaves %s', (allowance, used, remaining, reasons) => {
    const decision = decide(facts({ allowance, used }), rules(), now);
    expect(decision.visits_remaining).toBe(remaining);
    expect(decision.reasons).toEqual(reasons);
  });

  it('the used count starts again from 0 at the renewal instant, not a millisecond before', () => {
    const renewing = (allowance_renews_at: string | null) => facts({ allowance: 4, used: 4, allowance_renews_at });
    expect(decide(renewing('2026-06-10T12:00:00.001Z'), rules(), now)).toMatchObject({ visits_remaining: 0, reasons: ['no_visits_remaining'] });
    expect(decide(renewing('2026-06-10T12:00:00.000Z'), rules(), now)).toMatchObject({ visits_remaining: 4, reasons: [] });
    expect(decide(renewing('2026-06-01T00:00:00.000Z'), rules(), now)).toMatchObject({ visits_remaining: 4, reasons: [] });
    expect(decide(renewing(null), rules(), now)).toMatchObject({ visits_remaining: 0, reasons: ['no_visits_remaining'] });
  });
});

describe('decide: form and card alerts', () => {
  it.each([
    ['block', 'block', { valid: false, reasons: ['form_missing', 'no_card'], warnings: [] }],
    ['warn', 'warn', { valid: true, reasons: [], warnings: ['form_missing', 'no_card'] }],
    ['off', 'off', { valid: true, reasons: [], warnings: [] }],
    ['block', 'warn', { valid: false, reasons: ['form_missing'], warnings: ['no_card'] }],
    ['off', 'block', { valid: false, reasons: ['no_card'], warnings: [] }],
  ] as const)('form_missing %s, no_card %s', (form_missing, no_card, expected) => {
    const decision = decide(facts({ form_signed: false, has_card: false }), rules({ checkin_alerts: { past_due: 'block', form_missing, no_card } }), now);
    expect(decision).toMatchObject(expected);
  });

  it('a signed form and a card raise nothing, whatever the setting', () => {
    const blocking = rules({ checkin_alerts: { past_due: 'block', form_missing: 'block', no_card: 'block' } });
    expect(decide(facts(), blocking, now)).toEqual({ valid: true, reason: null, reasons: [], warnings: [], visits_remaining: null });
  });
});

describe('decide: every refusing rule, in rule order', () => {
  it('lists them all and names the first', () => {
    const everything = facts({
      status: 'past_due',
      start_date: '2026-07-01',
      end_date: '2026-06-01',
      allowed_here: false,
      allowance: 3,
      used: 3,
      form_signed: false,
      has_card: false,
    });
    const closed = rules({ access_hours: {}, checkin_alerts: { past_due: 'block', form_missing: 'block', no_card: 'block' } });
    const expected: Reason[] = ['not_started', 'expired', 'past_due', 'location_not_allowed', 'outside_access_hours', 'no_visits_remaining', 'form_missing', 'no_card'];
    expect(decide(everything, closed, now)).toEqual({ valid: false, reason: 'not_started', reasons: expected, warnings: [], visits_remaining: 0 });
  });

  it('puts the status reason first', () => {
    const decision = decide(facts({ status: 'paused', allowed_here: false }), rules(), now);
    expect(decision.reason).toBe('paused');
    expect(decision.reasons).toEqual(['paused', 'location_not_allowed']);
  });
});
