import { classSuite } from '@studio/testkit/server/classes';
import { dialects } from '@studio/testkit/server/databases';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';

/** The injected clock. */
const now = '2027-03-20T16:00:00.000Z';
const zone = 'America/New_York';
const localNow = DateTime.fromISO(now, { zone });
const localDate = (shift: { days?: number; months?: number }) => localNow.plus(shift).toISODate()!;
const noonOn = (days: number) => localNow.plus({ days }).set({ hour: 12, minute: 0 }).toUTC().toISO()!;

/**
 * A scan reads a membership's counted visits in the statement that finds it, from the start of the
 * longest period its limit may count in: visits long ago still count in a long period, and a
 * check-in reported late counts the period it happened in.
 */
describe.each(dialects)('counted visits of a scanned membership (%s)', (dialect) => {
  const s = classSuite(dialect, { frozenAt: now });
  const resolve = async (identifier: string) => (await s.f.request('POST', '/v1/members/resolve', { body: { identifier, location_id: s.f.acme.us.id } })).body;
  /** A turnstile's check-ins, some reported late: with its device key (issue 29). */
  const checkIn = async (body: Record<string, unknown>) => s.f.request('POST', '/v1/members/check-in', { body: { location_id: s.f.acme.us.id, ...body }, key: await s.f.deviceKey() });
  const visitOn = async (membershipId: string, at: string) => expect((await checkIn({ membership_id: membershipId, checked_in_at: at })).status).toBe(201);

  it('a yearly billing period counts a visit from ten months ago', async () => {
    const plan = await s.c.plan({ visitLimit: 2, billingInterval: 'yearly' });
    const member = await s.c.member({ planId: plan, startDate: localDate({ months: -11 }), code: 'year-0001' });
    await visitOn(member.membershipId, noonOn(-300));
    expect(await resolve('year-0001')).toMatchObject({ valid_for_checkin: true });
    const visit = await checkIn({ identifier: 'year-0001' });
    expect(visit.body).toMatchObject({ visits_used: 2, visits_remaining: 0 });
    expect(await resolve('year-0001')).toMatchObject({ valid_for_checkin: false, reason: 'no_visits_remaining' });
  });

  it('a one-off plan counts every visit since its start', async () => {
    const plan = await s.c.plan({ visitLimit: 1, billingInterval: 'once' });
    const member = await s.c.member({ planId: plan, startDate: localDate({ days: -500 }), code: 'once-0001' });
    await visitOn(member.membershipId, noonOn(-450));
    expect(await resolve('once-0001')).toMatchObject({ valid_for_checkin: false, reason: 'no_visits_remaining' });
    expect((await checkIn({ identifier: 'once-0001' })).body.error).toMatchObject({ code: 'checkin_blocked', reasons: ['no_visits_remaining'] });
  });

  it('an offline check-in reported weeks late counts the calendar month it happened in', async () => {
    const plan = await s.c.plan({ visitLimit: 1, visitPeriod: 'month' });
    const member = await s.c.member({ planId: plan, startDate: localDate({ months: -3 }), code: 'late-0001' });
    await visitOn(member.membershipId, noonOn(-40));
    const late = await checkIn({ identifier: 'late-0001', offline: true, checked_in_at: noonOn(-38) });
    expect(late.status).toBe(201);
    expect(late.body).toMatchObject({ visits_used: 2, visits_remaining: 0 });
    expect(late.body.flags).toEqual(expect.arrayContaining(['ineligible_at_checkin', 'no_visits_remaining']));
    expect(await resolve('late-0001')).toMatchObject({ valid_for_checkin: true });
  });
});
