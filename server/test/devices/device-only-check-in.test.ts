import { dialects } from '@studio/testkit/server/databases';
import { startFixture, type Fixture } from '@studio/testkit/server/fixture';
import { memberBuilder } from '@studio/testkit/server/members';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffCallers, staffRoles, type Answer } from './device-caller.js';

/**
 * Issue 29: `offline`, a past `checked_in_at`, another `source` and another `device_id` are a
 * device key's only, for its own device, through every mount: /v1 with an API key or a device
 * key, /app/api/v1 with each staff role's session; the web desk's own check-in takes none of them.
 */
describe.each(dialects)('check-in claims only a device may make (%s)', (dialect) => {
  let f: Fixture;
  let build: ReturnType<typeof memberBuilder>;
  let staff: Awaited<ReturnType<typeof staffCallers>>;
  let gate: string;

  beforeAll(async () => {
    f = await startFixture(dialect);
    build = memberBuilder(f);
    staff = await staffCallers(f);
    gate = await f.mintDevice('north-gate', 'turnstile');
  });
  afterAll(async () => {
    await staff.close();
    await f.close();
  });

  const apiCheckIn = async (body: Record<string, unknown>, key?: string): Promise<Answer> => {
    const answer = await f.request('POST', '/v1/members/check-in', { body, ...(key && { key }) });
    return { status: answer.status, body: answer.body };
  };
  const recorded = async (membershipId: string) => ({
    visits: await f.db.all(f.db.qb.selectFrom('visits').select(['source', 'device_id', 'offline', 'staff_account_id', 'checked_in_at']).where('membership_id', '=', membershipId)),
    denials: await f.db.all(f.db.qb.selectFrom('checkin_denials').select('id').where('membership_id', '=', membershipId)),
    overrides: await f.db.all(
      f.db.qb
        .selectFrom('checkin_overrides')
        .innerJoin('memberships', 'memberships.contact_id', 'checkin_overrides.contact_id')
        .select('checkin_overrides.id')
        .where('memberships.id', '=', membershipId),
    ),
  });
  const refused = (answer: Answer, param: string) => {
    expect(answer.status, JSON.stringify(answer.body)).toBe(403);
    expect(answer.body.error).toMatchObject({ code: 'device_only', param });
  };

  it('refuses an offline check-in of a refused member from every staff role on /app/api/v1 and from an API key, recording nothing; a device key records it, flagged', async () => {
    const paused = await build.member({ status: 'paused' });
    const offline = { location_id: f.acme.us.id, membership_id: paused.membershipId, offline: true };
    for (const role of staffRoles) refused(await staff.as(role, 'POST', '/app/api/v1/members/check-in', offline), 'offline');
    refused(await apiCheckIn(offline), 'offline');
    expect(await recorded(paused.membershipId)).toEqual({ visits: [], denials: [], overrides: [] });
    // Without offline, staff meet the refusal as anyone does: 422, recorded as a refusal.
    const blocked = await staff.as('desk', 'POST', '/app/api/v1/members/check-in', { location_id: f.acme.us.id, membership_id: paused.membershipId });
    expect(blocked).toMatchObject({ status: 422, body: { error: { code: 'checkin_blocked' } } });
    const byGate = await apiCheckIn({ ...offline, checked_in_at: '2001-01-01T10:00:00.000Z' }, gate);
    expect(byGate.status, JSON.stringify(byGate.body)).toBe(201);
    expect(byGate.body).toMatchObject({ source: 'turnstile', device_id: 'north-gate', offline: true, checked_in_at: '2001-01-01T10:00:00.000Z' });
    expect(byGate.body.flags).toContain('ineligible_at_checkin');
  });

  it("refuses a forged source, device_id or backdated checked_in_at from staff and API keys, and a device's claim of another device or source", async () => {
    const member = await build.member();
    const base = { location_id: f.acme.us.id, membership_id: member.membershipId };
    const forged: [Record<string, unknown>, string][] = [
      [{ source: 'turnstile' }, 'source'],
      [{ device_id: 'north-gate' }, 'device_id'],
      [{ checked_in_at: '2001-01-01T10:00:00.000Z' }, 'checked_in_at'],
    ];
    for (const [claim, param] of forged) {
      for (const role of staffRoles) refused(await staff.as(role, 'POST', '/app/api/v1/members/check-in', { ...base, ...claim }), param);
      refused(await apiCheckIn({ ...base, ...claim }), param);
    }
    refused(await apiCheckIn({ ...base, device_id: 'south-gate' }, gate), 'device_id');
    refused(await apiCheckIn({ ...base, source: 'kiosk' }, gate), 'source');
    refused(await apiCheckIn({ ...base, source: 'staff' }), 'source');
    expect((await recorded(member.membershipId)).visits).toEqual([]);
  });

  it("records each caller's own source: staff with their account, an API key as api, a device as its kind with its id", async () => {
    const member = await build.member();
    const base = { location_id: f.acme.us.id, membership_id: member.membershipId };
    expect((await staff.as('desk', 'POST', '/app/api/v1/members/check-in', base)).body).toMatchObject({ source: 'staff', device_id: null });
    expect((await staff.as('manager', 'POST', '/app/api/v1/members/check-in', { ...base, source: 'staff' })).body).toMatchObject({ source: 'staff' });
    expect((await apiCheckIn(base)).body).toMatchObject({ source: 'api', device_id: null });
    expect((await apiCheckIn({ ...base, source: 'turnstile', device_id: 'north-gate' }, gate)).body).toMatchObject({ source: 'turnstile', device_id: 'north-gate' });
    expect((await apiCheckIn(base, gate)).body).toMatchObject({ source: 'turnstile', device_id: 'north-gate' });
    const sources = (await recorded(member.membershipId)).visits.map((visit) => [visit.source, visit.staff_account_id]);
    expect(sources).toEqual([
      ['staff', staff.accounts.desk.id],
      ['staff', staff.accounts.manager.id],
      ['api', null],
      ['turnstile', null],
      ['turnstile', null],
    ]);
  });

  it("takes no device claim on the web desk's own check-in, and lets a refused member in there only by an owner's or manager's override", async () => {
    const paused = await build.member({ status: 'paused' });
    const url = `/app/api/members/${paused.contactId}/check-in`;
    const body = { location_id: f.acme.us.id, membership_id: paused.membershipId };
    expect((await staff.as('desk', 'POST', url, { ...body, offline: true })).body.error).toMatchObject({ code: 'parameter_unknown', param: 'offline' });
    expect((await staff.as('desk', 'POST', url, { ...body, override_reason: 'knows the owner' })).body.error).toMatchObject({ code: 'role_not_allowed' });
    expect((await staff.as('desk', 'POST', url, body)).status).toBe(422);
    expect(await recorded(paused.membershipId)).toMatchObject({ visits: [], overrides: [] });
    const overridden = await staff.as('manager', 'POST', url, { ...body, override_reason: 'paid at the desk' });
    expect(overridden.status, JSON.stringify(overridden.body)).toBe(201);
    expect(overridden.body.visit ?? overridden.body).toMatchObject({ source: 'staff' });
    expect(await recorded(paused.membershipId)).toMatchObject({ visits: [{ source: 'staff', staff_account_id: staff.accounts.manager.id }], overrides: [{}] });
  });

  it('refuses any check-in from a desk reader: its reads are desk scans', async () => {
    const member = await build.member();
    const desk = await f.mintDevice('north-desk', 'desk_reader');
    refused(await apiCheckIn({ location_id: f.acme.us.id, membership_id: member.membershipId }, desk), 'source');
  });
});
