import { dialects } from '@studio/testkit/server/databases';
import { startFixture, type Fixture } from '@studio/testkit/server/fixture';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkIn } from '../../../src/modules/members/checkin.js';
import { voidVisit } from '../../../src/modules/members/void-visit.js';
import { recordDeskScan } from '../../../src/modules/desk-scans/service.js';
import { localDay, todaySummary } from '../../../src/modules/members/today.js';
import { deviceActor } from '@studio/testkit/server/device-actor';
import { clockAt, deskStudio, refusal } from './desk-studio.js';

/** Issue 17, Today: a location's local day of visits, refusals and unknown cards, counted and in words. */
describe.each(dialects)('Today at a location (%s)', (dialect) => {
  let f: Fixture;
  beforeAll(async () => {
    f = await startFixture(dialect);
  });
  afterAll(async () => f.close());

  it('counts the local day in the location zone, voided visits left out, and says each refusal in words', async () => {
    const s = await deskStudio(f, 'America/New_York');
    // 2031-03-04 in New York runs from 05:00Z to 05:00Z the next day.
    const inside = Date.parse('2031-03-04T14:00:00.000Z');
    const before = Date.parse('2031-03-04T04:59:59.000Z');
    const regular = await s.build.member({ locationId: s.site, firstName: 'Rita' });
    const pastDue = await s.build.member({ locationId: s.site, firstName: 'Pat', status: 'past_due' });
    const paused = await s.build.member({ locationId: s.site, firstName: 'Paula', status: 'paused' });
    const gate = deviceActor(f.acme.id, s.site, 'gate-1', 'turnstile');
    const enter = (membershipId: string, at: number) => checkIn(f.db, gate, { location_id: s.site, membership_id: membershipId, source: 'turnstile', device_id: 'gate-1' }, clockAt(at));
    await enter(regular.membershipId, before);
    const first = await enter(regular.membershipId, inside);
    await enter(regular.membershipId, inside + 60_000);
    await voidVisit(f.db, gate, first.visit.id, { reason: 'door_not_opened' });
    expect(await refusal(enter(pastDue.membershipId, inside + 120_000))).toMatchObject({ code: 'checkin_blocked' });
    expect(await refusal(enter(paused.membershipId, inside + 180_000))).toMatchObject({ code: 'checkin_blocked' });
    await recordDeskScan(f.db, deviceActor(f.acme.id, s.site, 'desk-1', 'desk_reader'), { location_id: s.site, device_id: 'desk-1', identifier: '04A1B2C3D4E5F6' }, clockAt(inside + 240_000));
    // At another location: never counted here.
    const away = await s.build.member({ locationId: s.elsewhere });
    await checkIn(f.db, deviceActor(f.acme.id, s.elsewhere, 'kiosk-1', 'kiosk'), { location_id: s.elsewhere, membership_id: away.membershipId, source: 'kiosk' }, clockAt(inside));

    const today = await todaySummary(f.db, s.owner, s.site, clockAt(inside + 300_000));
    expect(today).toMatchObject({ location_id: s.site, day: '2031-03-04', checked_in: 1, refused: 2, in_now: null });
    expect(today.events.map((e) => [e.kind, e.contact?.name ?? null, e.message])).toEqual([
      ['unknown_card', null, 'Unknown card ending E5F6 at desk-1'],
      ['denial', 'Paula', 'The membership is paused.'],
      ['denial', 'Pat', 'The membership payment is past due.'],
      ['visit', 'Rita', 'Checked in'],
    ]);
    expect(today.events[1]).toMatchObject({ reasons: ['paused'], source: 'turnstile', device_id: 'gate-1', last_four: null });
    expect(today.events[0]).toMatchObject({ last_four: 'E5F6' });
    // The row before local midnight belongs to the day before.
    const yesterday = await todaySummary(f.db, s.owner, s.site, clockAt(before));
    expect(yesterday).toMatchObject({ day: '2031-03-03', checked_in: 1, refused: 0 });
  });

  it('names who checked a member in at the desk, and an unknown card refused at a door by its last four only', async () => {
    const s = await deskStudio(f, 'America/New_York');
    const inside = Date.parse('2031-03-04T15:00:00.000Z');
    const walkIn = await s.build.member({ locationId: s.site, firstName: 'Wanda' });
    await checkIn(f.db, s.desk, { location_id: s.site, contact_id: walkIn.contactId, source: 'staff' }, clockAt(inside));
    const gate = deviceActor(f.acme.id, s.site, 'gate-2', 'turnstile');
    const card = '5000000777';
    expect(await refusal(checkIn(f.db, gate, { location_id: s.site, identifier: card, source: 'turnstile', device_id: 'gate-2' }, clockAt(inside + 60_000)))).toMatchObject({
      code: 'member_not_found',
    });

    const today = await todaySummary(f.db, s.desk, s.site, clockAt(inside + 120_000));
    const [unknown, visit] = today.events;
    expect(unknown).toMatchObject({ kind: 'denial', contact: null, reasons: ['not_found'], last_four: '0777', staff_name: null, device_id: 'gate-2' });
    expect(visit).toMatchObject({ kind: 'visit', contact: { id: walkIn.contactId, name: 'Wanda' }, source: 'staff', staff_name: 'Dara', last_four: null });
    expect(JSON.stringify(today)).not.toContain(card);
  });

  it('refuses a location outside the staff member locations, and another company one', async () => {
    const s = await deskStudio(f);
    expect(await refusal(todaySummary(f.db, s.desk, s.elsewhere))).toMatchObject({ code: 'location_not_allowed' });
    expect(await refusal(todaySummary(f.db, s.owner, f.other.location.id))).toMatchObject({ code: 'resource_missing' });
  });
});

describe('the local day of a location', () => {
  it('runs midnight to midnight in each zone, whatever the instant', () => {
    const at = Date.parse('2031-06-15T23:30:00.000Z');
    expect(localDay(at, 'Europe/London')).toEqual({ day: '2031-06-16', from: '2031-06-15T23:00:00.000Z', to: '2031-06-16T23:00:00.000Z' });
    expect(localDay(at, 'America/Los_Angeles')).toEqual({ day: '2031-06-15', from: '2031-06-15T07:00:00.000Z', to: '2031-06-16T07:00:00.000Z' });
    expect(localDay(at, 'Pacific/Auckland')).toEqual({ day: '2031-06-16', from: '2031-06-15T12:00:00.000Z', to: '2031-06-16T12:00:00.000Z' });
  });

  it('is 23 hours long on the spring DST day and 25 on the autumn one', () => {
    // New York: clocks forward 2031-03-09, back 2031-11-02.
    const spring = localDay(Date.parse('2031-03-09T12:00:00.000Z'), 'America/New_York');
    expect(spring).toEqual({ day: '2031-03-09', from: '2031-03-09T05:00:00.000Z', to: '2031-03-10T04:00:00.000Z' });
    const autumn = localDay(Date.parse('2031-11-02T12:00:00.000Z'), 'America/New_York');
    expect(autumn).toEqual({ day: '2031-11-02', from: '2031-11-02T04:00:00.000Z', to: '2031-11-03T05:00:00.000Z' });
  });
});
