import { classSuite } from '@studio/testkit/server/classes';
import { dialects } from '@studio/testkit/server/databases';
import { describe, expect, it, vi } from 'vitest';

const now = '2027-03-03T15:00:00.000Z';
const minutes = (n: number) => new Date(Date.parse(now) + n * 60_000).toISOString();

/**
 * A class check-in reported late by a kiosk that was offline: it records when it really happened,
 * who reported it, and stays idempotent; alerts and a spot gone meanwhile still refuse it.
 */
describe.each(dialects)('class check-in reported by a device (%s)', (dialect) => {
  const s = classSuite(dialect, { frozenAt: now });

  /** A kiosk's report, with the device key of the kiosk it names (issue 29: a late or offline report is a device's) at `site`. */
  const report = async (classId: string, body: Record<string, unknown>, idempotencyKey?: string, site = s.f.acme.us.id) => {
    const key = await s.f.deviceKey(typeof body.device_id === 'string' ? body.device_id : 'lobby-kiosk', 'kiosk', site);
    return s.f.request('POST', `/v1/classes/${classId}/check-in`, { body, key, headers: idempotencyKey ? { 'idempotency-key': idempotencyKey } : {} });
  };
  /** Books before the class starts (booking a started class is refused), then comes back to now. */
  const bookEarlier = async (classId: string, contactId: string, extra: Record<string, unknown> = {}) => {
    vi.setSystemTime(new Date(minutes(-120)));
    const booked = await s.c.book(classId, contactId, extra);
    vi.setSystemTime(new Date(now));
    expect(booked.status).toBe(201);
  };
  const classVisits = async (membershipId: string) => (await s.f.request('GET', `/v1/members/${membershipId}/visits`)).body.data.filter((v: { kind: string }) => v.kind === 'class');

  it('records the reported time, source, device and offline flag on the roster and the visit', async () => {
    const site = await s.c.location();
    const yoga = await s.c.service({ locationId: site, requiresEntitlement: true });
    const cls = await s.c.classAt(minutes(-90), { serviceId: yoga, locationId: site });
    const member = await s.c.member({ locationId: site });
    await bookEarlier(cls, member.contactId);

    const happened = minutes(-80);
    const body = { contact_id: member.contactId, checked_in_at: happened, source: 'kiosk', device_id: 'front-kiosk', offline: true };
    const answer = await report(cls, body, `late-${member.contactId}`, site);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ class_id: cls, contact_id: member.contactId, status: 'checked_in', paid_by: 'membership' });
    expect((await s.c.detail(cls)).roster).toMatchObject([{ contact_id: member.contactId, status: 'checked_in', checked_in_at: happened }]);
    const visits = await classVisits(member.membershipId);
    expect(visits).toHaveLength(1);
    expect(visits[0]).toMatchObject({ kind: 'class', class_id: cls, checked_in_at: happened, source: 'kiosk', device_id: 'front-kiosk', offline: true });

    // The same report again (a drain retrying after a crash) replays; the key with another body is refused.
    const replay = await report(cls, body, `late-${member.contactId}`, site);
    expect(replay.status).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(answer.body);
    const reused = await report(cls, { ...body, offline: false }, `late-${member.contactId}`, site);
    expect(reused.status).toBe(422);
    expect(reused.body.error.code).toBe('idempotency_key_reused');
    expect(await classVisits(member.membershipId)).toHaveLength(1);
  });

  it('defaults to now from the API, and refuses a time more than 5 minutes ahead', async () => {
    const yoga = await s.c.service();
    const cls = await s.c.classAt(minutes(10), { serviceId: yoga });
    const member = await s.c.member();
    await s.c.book(cls, member.contactId);

    const ahead = await report(cls, { contact_id: member.contactId, checked_in_at: minutes(6) });
    expect(ahead.status).toBe(400);
    expect(ahead.body.error).toMatchObject({ code: 'invalid_param', param: 'checked_in_at' });
    const badSource = await report(cls, { contact_id: member.contactId, source: 'door' });
    expect(badSource.status).toBe(400);
    expect(badSource.body.error).toMatchObject({ code: 'invalid_param', param: 'source' });
    expect((await s.c.detail(cls)).roster[0].status).toBe('reserved');

    expect((await report(cls, { contact_id: member.contactId })).status).toBe(200);
    expect((await s.c.detail(cls)).roster[0]).toMatchObject({ status: 'checked_in', checked_in_at: now });
  });

  it('accepts a device clock up to 5 minutes fast', async () => {
    const yoga = await s.c.service();
    const cls = await s.c.classAt(minutes(10), { serviceId: yoga });
    const guest = await s.c.contact();
    await s.c.book(cls, guest);
    const answer = await report(cls, { contact_id: guest, checked_in_at: minutes(5), source: 'kiosk' });
    expect(answer.status).toBe(200);
    expect((await s.c.detail(cls)).roster[0]).toMatchObject({ status: 'checked_in', checked_in_at: minutes(5) });
  });

  it("records an offline report from a clock running more than 5 minutes fast at the server's time", async () => {
    const yoga = await s.c.service();
    const cls = await s.c.classAt(minutes(10), { serviceId: yoga });
    const guest = await s.c.contact();
    await s.c.book(cls, guest);
    const answer = await report(cls, { contact_id: guest, checked_in_at: minutes(60), source: 'kiosk', offline: true });
    expect(answer.status).toBe(200);
    expect((await s.c.detail(cls)).roster[0]).toMatchObject({ status: 'checked_in', checked_in_at: now });
  });

  it('still refuses an offline report for a blocking alert or a spot cancelled meanwhile, and audits the device', async () => {
    const site = await s.c.location({ checkin_alerts: { past_due: 'block', form_missing: 'warn', no_card: 'off' } });
    const yoga = await s.c.service({ locationId: site });
    const cls = await s.c.classAt(minutes(-30), { serviceId: yoga, locationId: site });
    const pastDue = await s.c.member({ locationId: site, status: 'past_due' });
    const cancelled = await s.c.member({ locationId: site });
    await bookEarlier(cls, pastDue.contactId, { allow_without_entitlement: true });
    await bookEarlier(cls, cancelled.contactId);
    await s.c.cancel(cls, cancelled.contactId, { excuse: true });

    const offline = { checked_in_at: minutes(-20), source: 'kiosk', device_id: 'back-kiosk', offline: true };
    const blocked = await report(cls, { contact_id: pastDue.contactId, ...offline }, undefined, site);
    expect(blocked.status).toBe(422);
    expect(blocked.body.error).toMatchObject({ code: 'checkin_blocked', reasons: ['past_due'] });
    const denials = await s.f.db.all(s.f.db.qb.selectFrom('checkin_denials').select(['source', 'device_id']).where('contact_id', '=', pastDue.contactId));
    expect(denials).toEqual([{ source: 'kiosk', device_id: 'back-kiosk' }]);

    const gone = await report(cls, { contact_id: cancelled.contactId, ...offline }, undefined, site);
    expect(gone.status).toBe(409);
    expect(gone.body.error.code).toBe('not_booked');
    expect(await classVisits(cancelled.membershipId)).toHaveLength(0);
  });
});
