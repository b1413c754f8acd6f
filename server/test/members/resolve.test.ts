import { dialects } from '@studio/testkit/server/databases';
import { startFixture, type Fixture } from '@studio/testkit/server/fixture';
import { memberBuilder } from '@studio/testkit/server/members';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokeCard } from '../../src/modules/members/admin.js';
import { systemActor } from '../../src/domain/actor.js';

const today = () => new Date().toISOString().slice(0, 10);
const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe.each(dialects)('resolve and the eligibility rules (%s)', (dialect) => {
  let f: Fixture;
  let build: ReturnType<typeof memberBuilder>;
  beforeAll(async () => {
    f = await startFixture(dialect);
    build = memberBuilder(f);
  });
  afterAll(() => f.close());

  const resolve = async (identifier: string, locationId = f.acme.us.id) => {
    const answer = await f.request('POST', '/v1/members/resolve', { body: { identifier, location_id: locationId } });
    expect(answer.status).toBe(200);
    return answer.body;
  };

  it('resolves a valid member by card and by code, records nothing', async () => {
    const m = await build.member({ code: 'ok-0042', cards: [{ value: '0A008E6D5D' }] });
    const byCard = await resolve('0009334109');
    expect(byCard).toMatchObject({
      found: true,
      membership_id: m.membershipId,
      contact_id: m.contactId,
      resolved_by: 'card_uid',
      valid_for_checkin: true,
      reason: null,
      status: 'active',
      warnings: [],
    });
    expect(await resolve(' OK-0042 ')).toMatchObject({ membership_id: m.membershipId, resolved_by: 'code', valid_for_checkin: true });
    expect(await resolve('OK-42')).toMatchObject({ found: false, reason: 'not_found' });
    const visits = await f.db.all(f.db.qb.selectFrom('visits').select('id').where('membership_id', '=', m.membershipId));
    expect(visits).toEqual([]);
  });

  it('answers an unknown identifier with found: false and reason not_found', async () => {
    expect(await resolve('nobody-9999')).toEqual({
      found: false,
      membership_id: null,
      contact_id: null,
      resolved_by: null,
      valid_for_checkin: false,
      reason: 'not_found',
      plan_name: null,
      status: null,
      warnings: [],
    });
  });

  const cases: [string, Parameters<ReturnType<typeof memberBuilder>['member']>[0], string][] = [
    ['not_started (start date ahead)', { startDate: daysFromToday(3) }, 'not_started'],
    ['not_started (pending)', { status: 'pending' }, 'not_started'],
    ['expired (end date passed)', { endDate: daysFromToday(-2) }, 'expired'],
    ['expired (status)', { status: 'expired' }, 'expired'],
    ['cancelled', { status: 'cancelled' }, 'cancelled'],
    ['paused', { status: 'paused' }, 'paused'],
    ['past_due (blocks by default)', { status: 'past_due' }, 'past_due'],
  ];
  it.each(cases)('refuses %s', async (_name, options, reason) => {
    const code = `case-${reason}-${Math.random().toString(36).slice(2, 8)}`;
    await build.member({ ...options, code, cards: [{ value: String(Math.floor(Math.random() * 1e9)).padStart(10, '0') }] });
    expect(await resolve(code)).toMatchObject({ found: true, valid_for_checkin: false, reason });
  });

  it("still admits on the last day of the end date, in the location's zone", async () => {
    await build.member({ code: 'last-day', endDate: today(), cards: [{ value: '0000000777' }] });
    // The test clock's UTC date may differ from New York's; the rule reads the local date.
    const localToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
    const answer = await resolve('last-day');
    expect(answer.valid_for_checkin).toBe(today() >= localToday);
  });

  it('refuses a plan that does not admit this location: location_not_allowed', async () => {
    const planId = await build.plan({ accessLocationIds: [f.acme.gb.id] });
    await build.member({ planId, code: 'gb-only', cards: [{ value: '0000000778' }] });
    expect(await resolve('gb-only')).toMatchObject({ valid_for_checkin: false, reason: 'location_not_allowed' });
    expect(await resolve('gb-only', f.acme.gb.id)).toMatchObject({ valid_for_checkin: true });
  });

  it('applies warn versus block for past_due, no_card and form_missing as the location says', async () => {
    const warnAll = await build.location({ checkin_alerts: { past_due: 'warn', no_card: 'warn', form_missing: 'warn' } });
    const blockAll = await build.location({ checkin_alerts: { past_due: 'block', no_card: 'block', form_missing: 'block' } });
    const ignoreAll = await build.location({ checkin_alerts: { past_due: 'off', no_card: 'off', form_missing: 'off' } });
    await build.member({ code: 'three-alerts', status: 'past_due', formSigned: false });
    expect(await resolve('three-alerts', warnAll)).toMatchObject({ valid_for_checkin: true, reason: null, warnings: ['past_due', 'form_missing', 'no_card'] });
    expect(await resolve('three-alerts', blockAll)).toMatchObject({ valid_for_checkin: false, reason: 'past_due', warnings: [] });
    expect(await resolve('three-alerts', ignoreAll)).toMatchObject({ valid_for_checkin: true, reason: null, warnings: [] });
    await build.member({ code: 'no-card-only' });
    expect(await resolve('no-card-only', blockAll)).toMatchObject({ valid_for_checkin: false, reason: 'no_card' });
    await build.member({ code: 'no-form-only', formSigned: false, cards: [{ value: '0000000779' }] });
    expect(await resolve('no-form-only', blockAll)).toMatchObject({ valid_for_checkin: false, reason: 'form_missing' });
  });

  it("refuses outside the location's access hours: outside_access_hours", async () => {
    const closed = await build.location({ access_hours: {} });
    const open = await build.location({
      access_hours: Object.fromEntries(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [d, [{ start: '00:00', end: '24:00' }]])),
    });
    await build.member({ code: 'hours', cards: [{ value: '0000000780' }] });
    expect(await resolve('hours', closed)).toMatchObject({ valid_for_checkin: false, reason: 'outside_access_hours' });
    expect(await resolve('hours', open)).toMatchObject({ valid_for_checkin: true });
  });

  it("matches every format of one tag the location's profile allows (docs/hardware.md §1.5)", async () => {
    const em = await build.member({ cards: [{ value: '0A108E6D5D' }] });
    const mifare = await build.member({ cards: [{ value: '04A124B2' }] });
    const wiegandOnly = await build.member({ cards: [{ value: '143,27997', format: 'wiegand26' }] });
    const w26 = await build.location({ matching_profile: { formats: { hex: true, decimal: true, wiegand26: true }, byte_order: 'both' } });
    const forwardOnly = await build.location({ matching_profile: { byte_order: 'forward' } });
    // Tag 0A 10 8E 6D 5D: 32-bit decimal, 32-bit hex, 40-bit hex, 40-bit decimal.
    for (const scan of [String(0x108e6d5d).padStart(10, '0'), '108E6D5D', '0A108E6D5D', String(0x0a108e6d5d)]) {
      expect((await resolve(scan)).membership_id, scan).toBe(em.membershipId);
    }
    // The lossy W26 reading of the EM tag never matches its full number.
    expect((await resolve('142,27997', w26)).found).toBe(false);
    expect((await resolve('143,27997', w26)).membership_id).toBe(wiegandOnly.membershipId);
    expect((await resolve('143,27997')).found).toBe(false);
    // A MIFARE UID read in reversed byte order, as cheap 13.56 MHz wedges print it.
    const reversedDecimal = String(0xb224a104);
    expect((await resolve(reversedDecimal)).membership_id).toBe(mifare.membershipId);
    expect((await resolve(reversedDecimal, forwardOnly)).found).toBe(false);
    expect((await resolve('04:a1:24:b2', forwardOnly)).membership_id).toBe(mifare.membershipId);
  });

  it('stops matching a revoked card at the very next resolve', async () => {
    const m = await build.member({ code: 'keeps-code', cards: [{ value: '0000000781' }] });
    expect((await resolve('0000000781')).membership_id).toBe(m.membershipId);
    await revokeCard(f.db, systemActor(f.acme.id, 'test'), m.cardIds[0]!);
    expect(await resolve('0000000781')).toMatchObject({ found: false, reason: 'not_found' });
    expect((await resolve('keeps-code')).membership_id).toBe(m.membershipId);
    // The number is free again: it can be enrolled to someone else.
    const next = await build.member({ cards: [{ value: '0000000781' }] });
    expect((await resolve('0000000781')).membership_id).toBe(next.membershipId);
  });

  it("answers 404 for another company's location and 403 outside the key's locations", async () => {
    const other = await f.request('POST', '/v1/members/resolve', { body: { identifier: 'x', location_id: f.other.location.id } });
    expect(other.status).toBe(404);
    const limited = await f.request('POST', '/v1/members/resolve', { key: f.keys.usOnly, body: { identifier: 'x', location_id: f.acme.gb.id } });
    expect(limited.status).toBe(403);
  });
});
