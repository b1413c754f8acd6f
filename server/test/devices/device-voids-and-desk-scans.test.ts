import { dialects } from '@studio/testkit/server/databases';
import { startFixture, type Fixture } from '@studio/testkit/server/fixture';
import { memberBuilder } from '@studio/testkit/server/members';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffCallers, type Answer } from './device-caller.js';

/**
 * Issue 29: a visit is voided by the device that recorded it, or by an owner or manager with a
 * note, audited; desk scans come from a desk reader's device key only, under its own device id,
 * and the answer names no holder. Through /v1 (API and device keys) and /app/api/v1 (staff).
 */
describe.each(dialects)('voids and desk scans by the device they belong to (%s)', (dialect) => {
  let f: Fixture;
  let build: ReturnType<typeof memberBuilder>;
  let staff: Awaited<ReturnType<typeof staffCallers>>;
  let gate: string;
  let otherGate: string;
  let deskReader: string;

  beforeAll(async () => {
    f = await startFixture(dialect);
    build = memberBuilder(f);
    staff = await staffCallers(f);
    gate = await f.mintDevice('north-gate', 'turnstile');
    otherGate = await f.mintDevice('north-gate-2', 'turnstile');
    deskReader = await f.mintDevice('north-desk', 'desk_reader');
  });
  afterAll(async () => {
    await staff.close();
    await f.close();
  });

  const api = async (url: string, body: unknown, key?: string): Promise<Answer> => {
    const answer = await f.request('POST', url, { body, ...(key && { key }) });
    return { status: answer.status, body: answer.body };
  };
  const visitByGate = async () => {
    const member = await build.member();
    const answer = await api('/v1/members/check-in', { location_id: f.acme.us.id, membership_id: member.membershipId }, gate);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body.id as string;
  };
  const voidedAt = async (visitId: string) => (await f.db.first(f.db.qb.selectFrom('visits').select('voided_at').where('id', '=', visitId)))!.voided_at;
  const voidAudits = () => f.db.all(f.db.qb.selectFrom('staff_audit_log').select(['actor_account_id', 'details']).where('action', '=', 'visit_voided'));

  it('refuses a void from the front desk, an API key and another device, leaving the visit counted', async () => {
    const visitId = await visitByGate();
    const url = `/members/visits/${visitId}/void`;
    expect((await staff.as('desk', 'POST', `/app/api/v1${url}`, { reason: 'recorded_in_error', note: 'a mistake' })).body.error).toMatchObject({ code: 'role_not_allowed' });
    expect((await staff.as('desk', 'POST', `/app/api/v1${url}`, { reason: 'door_not_opened' })).body.error).toMatchObject({ code: 'role_not_allowed' });
    expect((await api(`/v1${url}`, { reason: 'door_not_opened' })).body.error).toMatchObject({ code: 'device_only' });
    const byOther = await api(`/v1${url}`, { reason: 'door_not_opened' }, otherGate);
    expect([byOther.status, byOther.body.error.code]).toEqual([403, 'device_only']);
    expect(await voidedAt(visitId)).toBeNull();
    expect(await voidAudits()).toEqual([]);
  });

  it('voids by the recording device, and by an owner or a manager with a note, audited', async () => {
    const byDevice = await visitByGate();
    expect((await api(`/v1/members/visits/${byDevice}/void`, { reason: 'door_not_opened' }, gate)).body).toMatchObject({ id: byDevice, reason: 'door_not_opened' });
    expect(await voidedAt(byDevice)).not.toBeNull();

    const byManager = await visitByGate();
    const url = `/app/api/v1/members/visits/${byManager}/void`;
    expect((await staff.as('manager', 'POST', url, { reason: 'recorded_in_error' })).body.error).toMatchObject({ code: 'missing_field', param: 'note' });
    expect(await voidedAt(byManager)).toBeNull();
    const voided = await staff.as('manager', 'POST', url, { reason: 'recorded_in_error', note: 'scanned twice by mistake' });
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    expect(voided.body).toMatchObject({ id: byManager, reason: 'recorded_in_error' });
    const byOwner = await visitByGate();
    expect((await staff.as('owner', 'POST', `/app/api/v1/members/visits/${byOwner}/void`, { reason: 'recorded_in_error', note: 'test entry' })).status).toBe(200);
    const audits = (await voidAudits()).map((row) => [row.actor_account_id, JSON.parse(row.details!)]);
    expect(audits).toEqual(
      expect.arrayContaining([
        [staff.accounts.manager.id, { visit_id: byManager, location_id: f.acme.us.id, reason: 'recorded_in_error', note: 'scanned twice by mistake' }],
        [staff.accounts.owner.id, { visit_id: byOwner, location_id: f.acme.us.id, reason: 'recorded_in_error', note: 'test entry' }],
      ]),
    );
    expect(audits).toHaveLength(2);
  });

  it("takes desk scans from a desk reader's key only, under its own device id or its readers'", async () => {
    const scan = (deviceId: string, identifier: string) => ({ location_id: f.acme.us.id, device_id: deviceId, identifier });
    const byGate = await api('/v1/desk-scans', scan('north-gate', 'DE5C0001'), gate);
    expect([byGate.status, byGate.body.error.code]).toEqual([403, 'device_only']);
    expect((await api('/v1/desk-scans', scan('north-desk', 'DE5C0002'))).body.error).toMatchObject({ code: 'device_only' });
    for (const role of ['owner', 'manager', 'desk'] as const) {
      expect((await staff.as(role, 'POST', '/app/api/v1/desk-scans', scan('north-desk', 'DE5C0003'))).body.error).toMatchObject({ code: 'device_only' });
    }
    const elsewhere = await api('/v1/desk-scans', scan('south-desk', 'DE5C0004'), deskReader);
    expect([elsewhere.status, elsewhere.body.error.code, elsewhere.body.error.param]).toEqual([403, 'device_only', 'device_id']);
    const lookalike = await api('/v1/desk-scans', scan('north-desk-2', 'DE5C0005'), deskReader);
    expect(lookalike.status).toBe(403);
    expect((await api('/v1/desk-scans', scan('north-desk', 'DE5C0006'), deskReader)).status).toBe(201);
    expect((await api('/v1/desk-scans', scan('north-desk:reader-2', 'DE5C0007'), deskReader)).status).toBe(201);
    const stored = await f.db.all(f.db.qb.selectFrom('desk_scans').select('device_id').where('company_id', '=', f.acme.id).orderBy('device_id'));
    expect(stored.map((row) => row.device_id)).toEqual(['north-desk', 'north-desk:reader-2']);
  });

  it('answers a held card to the desk reader without naming its holder', async () => {
    await build.member({ firstName: 'Hana', code: 'HANA-1', cards: [{ value: '04A1B2C3D4E5F6' }] });
    for (const identifier of ['04A1B2C3D4E5F6', 'HANA-1']) {
      const held = await api('/v1/desk-scans', { location_id: f.acme.us.id, device_id: 'north-desk', identifier }, deskReader);
      expect(held).toEqual({ status: 200, body: { held: true } });
    }
  });
});
