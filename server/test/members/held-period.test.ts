import { classSuite } from '@studio/testkit/server/classes';
import { dialects } from '@studio/testkit/server/databases';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';

/** The injected clock: a weekday in the middle of a month, so the calendar month and the billing period differ. */
const now = '2027-03-20T16:00:00.000Z';
const zone = 'America/New_York';
const localNow = DateTime.fromISO(now, { zone });
const localDate = (shift: { days?: number; months?: number }) => localNow.plus(shift).toISODate()!;
/** A local noon `days` from today, as the UTC instant a device would report. */
const noonOn = (days: number) => localNow.plus({ days }).set({ hour: 12, minute: 0 }).toUTC().toISO()!;

/**
 * A held membership shows one period: the visits it counts (`visits_used`, `visits_remaining`) are
 * the visits between the `current_period_start` and `current_period_end` it shows.
 */
describe.each(dialects)('held membership period (%s)', (dialect) => {
  const s = classSuite(dialect, { frozenAt: now });

  const held = async (contactId: string) => (await s.f.request('GET', `/v1/contacts/${contactId}/memberships`)).body.data[0];
  const visitOn = async (membershipId: string, at: string) => {
    // A visit at a past time is a device's late report: its turnstile's own key sends it.
    const answer = await s.f.request('POST', '/v1/members/check-in', { key: await s.f.deviceKey(), body: { location_id: s.f.acme.us.id, membership_id: membershipId, checked_in_at: at } });
    expect(answer.status).toBe(201);
  };
  const visitsBetween = async (membershipId: string, from: string, to: string | null) => {
    const query = `from=${from}${to === null ? '' : `&to=${DateTime.fromISO(to).plus({ days: 1 }).toISODate()}`}&limit=100`;
    return (await s.f.request('GET', `/v1/members/${membershipId}/visits?${query}`)).body.data.length;
  };

  it('a monthly visit limit billed from mid-month shows the calendar month it counts, and the billing date it renews', async () => {
    // Billed monthly from five days ago (a month and five days after the start): billing period and calendar month differ.
    const plan = await s.c.plan({ visitLimit: 8, visitPeriod: 'month', billingInterval: 'monthly' });
    const member = await s.c.member({ planId: plan, startDate: localDate({ months: -1, days: -5 }) });
    await visitOn(member.membershipId, noonOn(-10)); // this calendar month, the previous billing period
    await visitOn(member.membershipId, noonOn(-2)); // both
    await visitOn(member.membershipId, noonOn(-25)); // last calendar month

    const shown = await held(member.contactId);
    expect(shown).toMatchObject({
      current_period_start: localNow.startOf('month').toISODate(),
      current_period_end: localNow.endOf('month').toISODate(),
      renews_at: localDate({ months: 1, days: -5 }),
      visits_used: 2,
      visits_remaining: 6,
    });
    expect(await visitsBetween(member.membershipId, shown.current_period_start, shown.current_period_end)).toBe(shown.visits_used);
  });

  it('a weekly visit limit shows the Monday-to-Sunday week it counts', async () => {
    const plan = await s.c.plan({ visitLimit: 3, visitPeriod: 'week', billingInterval: 'monthly' });
    const member = await s.c.member({ planId: plan, startDate: localDate({ months: -2, days: -3 }) });
    const monday = localNow.startOf('week');
    await visitOn(member.membershipId, noonOn(Math.round(monday.diff(localNow.startOf('day'), 'days').days) - 1)); // last Sunday
    await visitOn(member.membershipId, noonOn(0));

    const shown = await held(member.contactId);
    expect(shown).toMatchObject({ current_period_start: monday.toISODate(), current_period_end: monday.plus({ days: 6 }).toISODate(), visits_used: 1, visits_remaining: 2 });
    expect(await visitsBetween(member.membershipId, shown.current_period_start, shown.current_period_end)).toBe(shown.visits_used);
  });

  it('a limit without a visit period counts the billing period it shows', async () => {
    const plan = await s.c.plan({ visitLimit: 10, billingInterval: 'monthly' });
    const member = await s.c.member({ planId: plan, startDate: localDate({ months: -1, days: -5 }) });
    await visitOn(member.membershipId, noonOn(-10));
    await visitOn(member.membershipId, noonOn(-1));

    const shown = await held(member.contactId);
    expect(shown).toMatchObject({ current_period_start: localDate({ days: -5 }), current_period_end: localDate({ months: 1, days: -6 }), visits_used: 1, visits_remaining: 9 });
    expect(await visitsBetween(member.membershipId, shown.current_period_start, shown.current_period_end)).toBe(shown.visits_used);
  });
});
