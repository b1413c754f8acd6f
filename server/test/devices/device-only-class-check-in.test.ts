import { classSuite } from '@studio/testkit/server/classes';
import { dialects } from '@studio/testkit/server/databases';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { staffCallers, staffRoles, type Answer } from './device-caller.js';

const now = '2027-03-03T15:00:00.000Z';
const minutes = (n: number) => new Date(Date.parse(now) + n * 60_000).toISOString();

/**
 * Issue 29, on the class check-in as at the door (device-only-check-in.test.ts): `offline`, a past
 * `checked_in_at`, another `source` and another `device_id` are a kiosk's or turnstile's device key's
 * only, for its own device, through /v1 and /app/api/v1; a desk reader checks no one in; staff
 * check in as `staff`, with their account on the visit, at the class and at the door alike.
 */
describe.each(dialects)('class check-in claims only a device may make (%s)', (dialect) => {
  const s = classSuite(dialect, { frozenAt: now });
  let staff: Awaited<ReturnType<typeof staffCallers>>;
  const keys = { kiosk: '', turnstile: '', desk: '' };

  beforeAll(async () => {
    staff = await staffCallers(s.f);
    keys.kiosk = await s.f.deviceKey('front-kiosk', 'kiosk');
    // Minted with write:classes too, so the claims rule, not the scope, is what answers them.
    keys.turnstile = await s.f.mintDevice('north-gate', 'turnstile', { alsoScopes: ['write:classes'] });
    keys.desk = await s.f.mintDevice('north-desk', 'desk_reader', { alsoScopes: ['write:classes'] });
  });
  afterAll(() => staff.close());

  const apiCheckIn = async (classId: string, body: Record<string, unknown>, key?: string): Promise<Answer> => {
    const answer = await s.f.request('POST', `/v1/classes/${classId}/check-in`, { body, ...(key && { key }) });
    return { status: answer.status, body: answer.body };
  };
  const refused = (answer: Answer, param: string) => {
    expect(answer.status, JSON.stringify(answer.body)).toBe(403);
    expect(answer.body.error).toMatchObject({ code: 'device_only', param });
  };
  /** A member booked into a class starting in 10 minutes: its check-in window is open. */
  const bookedMember = async () => {
    const yoga = await s.c.service();
    const cls = await s.c.classAt(minutes(10), { serviceId: yoga });
    const member = await s.c.member();
    expect((await s.c.book(cls, member.contactId)).status).toBe(201);
    return { cls, ...member };
  };
  const recorded = async (cls: string, contactId: string) => ({
    roster: (await s.c.detail(cls)).roster.map((spot: { status: string }) => spot.status),
    visits: await s.f.db.all(
      s.f.db.qb.selectFrom('visits').select(['kind', 'class_id', 'source', 'device_id', 'offline', 'staff_account_id', 'checked_in_at']).where('contact_id', '=', contactId).orderBy('recorded_at'),
    ),
    denials: await s.f.db.all(s.f.db.qb.selectFrom('checkin_denials').select('id').where('contact_id', '=', contactId)),
  });

  it("refuses offline, backdated, another source and another device from an API key and every staff role, and a device's claim of another kind or device, recording nothing", async () => {
    const { cls, contactId } = await bookedMember();
    const base = { contact_id: contactId };
    const forged: [Record<string, unknown>, string][] = [
      [{ offline: true }, 'offline'],
      [{ checked_in_at: minutes(-20) }, 'checked_in_at'],
      [{ source: 'kiosk' }, 'source'],
      [{ device_id: 'front-kiosk' }, 'device_id'],
    ];
    for (const [claim, param] of forged) {
      refused(await apiCheckIn(cls, { ...base, ...claim }), param);
      for (const role of staffRoles) refused(await staff.as(role, 'POST', `/app/api/v1/classes/${cls}/check-in`, { ...base, ...claim }), param);
    }
    refused(await apiCheckIn(cls, { ...base, source: 'staff' }), 'source');
    refused(await apiCheckIn(cls, { ...base, device_id: 'back-kiosk' }, keys.kiosk), 'device_id');
    refused(await apiCheckIn(cls, { ...base, source: 'turnstile' }, keys.kiosk), 'source');
    refused(await apiCheckIn(cls, { ...base, source: 'kiosk', offline: true }, keys.turnstile), 'source');
    refused(await apiCheckIn(cls, { ...base, device_id: 'south-gate' }, keys.turnstile), 'device_id');
    expect(await recorded(cls, contactId)).toEqual({ roster: ['reserved'], visits: [], denials: [] });
  });

  it('refuses any class check-in from a desk reader: its reads are desk scans', async () => {
    const { cls, contactId } = await bookedMember();
    refused(await apiCheckIn(cls, { contact_id: contactId }, keys.desk), 'source');
    expect(await recorded(cls, contactId)).toEqual({ roster: ['reserved'], visits: [], denials: [] });
  });

  it("accepts a kiosk's late offline report with its facts: its kind, its device, the real time, offline", async () => {
    const yoga = await s.c.service();
    const cls = await s.c.classAt(minutes(-30), { serviceId: yoga });
    const member = await s.c.member();
    // Booked before the class started (a started class takes no booking), reported after its window closed.
    vi.setSystemTime(new Date(minutes(-120)));
    expect((await s.c.book(cls, member.contactId)).status).toBe(201);
    vi.setSystemTime(new Date(now));
    const late = await apiCheckIn(cls, { contact_id: member.contactId, checked_in_at: minutes(-25), offline: true }, keys.kiosk);
    expect(late.status, JSON.stringify(late.body)).toBe(200);
    expect(await recorded(cls, member.contactId)).toMatchObject({
      roster: ['checked_in'],
      visits: [{ kind: 'class', class_id: cls, source: 'kiosk', device_id: 'front-kiosk', offline: 1, staff_account_id: null, checked_in_at: minutes(-25) }],
    });
  });

  it("records each caller's own source: staff as staff with their account, an API key as api, a device as its kind with its id", async () => {
    type Case = [string, (cls: string, contactId: string) => Promise<Answer>, { source: string; device_id: string | null; staff_account_id: string | null }];
    const checkIns: Case[] = [
      ...staffRoles.map((role): Case => [
        `${role} on /app/api/v1`,
        (cls, contactId) => staff.as(role, 'POST', `/app/api/v1/classes/${cls}/check-in`, { contact_id: contactId }),
        { source: 'staff', device_id: null, staff_account_id: staff.accounts[role].id },
      ]),
      ['an API key', (cls, contactId) => apiCheckIn(cls, { contact_id: contactId }), { source: 'api', device_id: null, staff_account_id: null }],
      [
        'a kiosk',
        (cls, contactId) => apiCheckIn(cls, { contact_id: contactId, source: 'kiosk', device_id: 'front-kiosk' }, keys.kiosk),
        { source: 'kiosk', device_id: 'front-kiosk', staff_account_id: null },
      ],
      ['a turnstile', (cls, contactId) => apiCheckIn(cls, { contact_id: contactId }, keys.turnstile), { source: 'turnstile', device_id: 'north-gate', staff_account_id: null }],
    ];
    for (const [who, checkIn, expected] of checkIns) {
      const { cls, contactId } = await bookedMember();
      const answer = await checkIn(cls, contactId);
      expect(answer.status, `${who}: ${JSON.stringify(answer.body)}`).toBe(200);
      expect(await recorded(cls, contactId), who).toMatchObject({ roster: ['checked_in'], visits: [{ kind: 'class', class_id: cls, offline: 0, ...expected }] });
    }
  });

  it("records the staff account on a door check-in that counts as the member's class", async () => {
    const { cls, contactId, membershipId } = await bookedMember();
    const door = await staff.as('desk', 'POST', '/app/api/v1/members/check-in', { location_id: s.f.acme.us.id, membership_id: membershipId });
    expect(door.status, JSON.stringify(door.body)).toBe(201);
    expect(door.body).toMatchObject({ kind: 'class', class_id: cls, source: 'staff', device_id: null });
    expect(await recorded(cls, contactId)).toMatchObject({
      roster: ['checked_in'],
      visits: [{ kind: 'class', class_id: cls, source: 'staff', device_id: null, staff_account_id: staff.accounts.desk.id }],
    });
  });
});
