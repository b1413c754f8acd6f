import { classSuite } from '@studio/testkit/server/classes';
import { dialects } from '@studio/testkit/server/databases';
import { describe, expect, it, vi } from 'vitest';

/** The injected clock; every other time is relative to it. */
const now = '2027-03-03T15:00:00.000Z';
const minutes = (n: number) => new Date(Date.parse(now) + n * 60_000).toISOString();

/**
 * A kiosk at the door scans a member code of a member booked into a class whose check-in window is
 * open: the entry counts as that class's check-in (door-and-class-credit.test.ts), and the visit it
 * creates is still the door's, traceable to its kiosk: source, device and how the code was read.
 */
describe.each(dialects)('a door check-in counted as a class keeps the door facts (%s)', (dialect) => {
  const s = classSuite(dialect, { frozenAt: now });
  /** The kiosk at the door of `site`: a device of its own there, reporting with its device key (issue 29). */
  const kiosk = (site: string) => ({ source: 'kiosk', device_id: `kiosk-${site}` });

  /** A member with `code`, booked a day ahead into a class starting in `startIn` minutes. */
  async function bookedMember(startIn: number, options: { package?: boolean; planCoversNothing?: boolean; siteSettings?: Record<string, unknown>; status?: string } = {}) {
    const site = await s.c.location(options.siteSettings);
    const yoga = await s.c.service({ locationId: site, requiresEntitlement: options.package === true });
    const cls = await s.c.classAt(minutes(startIn), { serviceId: yoga, locationId: site });
    const code = `DOOR-${Math.random().toString(36).slice(2, 10)}`;
    const planId = options.planCoversNothing ? await s.c.plan({ locationId: site, coveredServiceIds: [await s.c.service({ locationId: site })] }) : undefined;
    const member = await s.c.member({
      locationId: site,
      code,
      ...(options.package && { package: { credits: 5 } }),
      ...(planId && { planId }),
      ...(options.status && { status: options.status }),
    });
    vi.setSystemTime(new Date(minutes(-24 * 60)));
    const booked = await s.c.book(cls, member.contactId, { allow_without_entitlement: true });
    expect(booked.status).toBe(201);
    vi.setSystemTime(new Date(now));
    return { site, cls, member, code, paidBy: booked.body.paid_by as string };
  }
  const door = async (site: string, code: string, headers: Record<string, string> = {}) =>
    s.f.request('POST', '/v1/members/check-in', { key: await s.f.deviceKey(kiosk(site).device_id, 'kiosk', site), body: { location_id: site, identifier: code, ...kiosk(site) }, headers });
  const visitLog = async (site: string) => (await s.f.request('GET', `/v1/visits?location_id=${site}&from=${minutes(-60)}&to=${minutes(60)}`)).body.data;
  const refusalLog = async (site: string) => (await s.f.request('GET', `/v1/checkin-denials?location_id=${site}&from=${minutes(-60)}&to=${minutes(60)}`)).body.data;

  it('answers 201 with the kiosk, its device and the code reading kept, then 200 with the same visit', async () => {
    const { site, cls, member, code } = await bookedMember(20, { package: true });

    const entered = await door(site, code);
    expect(entered.status).toBe(201);
    expect(entered.body).toMatchObject({ kind: 'class', class_id: cls, membership_id: member.membershipId, counted: true, ...kiosk(site), resolved_by: 'code', offline: false });
    expect((await s.c.detail(cls)).roster).toMatchObject([{ contact_id: member.contactId, status: 'checked_in' }]);

    // Back through the door from the changing room: the class's visit, unchanged.
    const again = await door(site, code);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(entered.body);

    const [logged, ...others] = await visitLog(site);
    expect(others).toEqual([]);
    expect(logged).toMatchObject({ id: entered.body.id, kind: 'class', class_id: cls, ...kiosk(site), resolved_by: 'code' });
  });

  it("keeps the door facts on a class a plan's visit pays for, and on one nothing pays for (recorded uncounted)", async () => {
    for (const [options, counted] of [
      [{}, true],
      [{ planCoversNothing: true }, false],
    ] as const) {
      const { site, cls, code, paidBy } = await bookedMember(-10, options);
      expect(paidBy).toBe(counted ? 'membership' : 'none');
      const entered = await door(site, code);
      expect(entered.status).toBe(201);
      expect(entered.body).toMatchObject({ kind: 'class', class_id: cls, counted, ...kiosk(site), resolved_by: 'code' });
      expect(await visitLog(site)).toMatchObject([{ id: entered.body.id, ...kiosk(site), resolved_by: 'code' }]);
    }
  });

  it("answers 200 with the class route's visit when the spot was checked in there first, and creates none", async () => {
    const { site, cls, member, code } = await bookedMember(10, { package: true });
    expect((await s.c.checkIn(cls, member.contactId)).status).toBe(200);
    const [classVisit] = await visitLog(site);

    const entered = await door(site, code);
    expect(entered.status).toBe(200);
    expect(entered.body).toMatchObject({ id: classVisit.id, kind: 'class', class_id: cls, source: 'api', device_id: null });
    expect(await visitLog(site)).toHaveLength(1);
  });

  it('replays 201 for the same Idempotency-Key, as the class route replays its answer', async () => {
    const { site, code } = await bookedMember(20, { package: true });
    const headers = { 'idempotency-key': `door-${code}` };
    const entered = await door(site, code, headers);
    const replay = await door(site, code, headers);
    expect(entered.status).toBe(201);
    expect(replay.status).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(entered.body);
  });

  it('a refused member booked into an open class: the refusal log shows the kiosk and its device', async () => {
    const { site, member, code } = await bookedMember(20, { siteSettings: { checkin_alerts: { past_due: 'block', form_missing: 'warn', no_card: 'off' } }, status: 'past_due' });
    const refused = await door(site, code);
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe('checkin_blocked');
    expect(await refusalLog(site)).toMatchObject([{ membership_id: member.membershipId, reasons: ['past_due'], identifier_presented: true, ...kiosk(site) }]);
    expect(await visitLog(site)).toEqual([]);
  });
});
