import { dialects } from '@studio/testkit/server/databases';
import { startFixture, type Fixture } from '@studio/testkit/server/fixture';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../../src/domain/actor.js';
import { recordDeskScan } from '../../../src/modules/desk-scans/service.js';
import { deskWebRoutes } from '../../../src/web/desk/routes.js';
import { deviceActor } from '@studio/testkit/server/device-actor';
import { clockAt, deskApp, deskStudio } from './desk-studio.js';

const base = Date.parse('2031-03-04T14:00:00.000Z');

/**
 * The desk's routes over HTTP, mounted as the session layer mounts them (under /app/api, a staff
 * actor per request), so each answer's status, envelope and schema are seen; sessions, CSRF and
 * each role's answer are the authorization matrix's (server/test/authorization/authorization-matrix.test.ts).
 */
describe.each(dialects)('the web desk routes (%s)', (dialect) => {
  let f: Fixture;
  let app: FastifyInstance;
  let s: Awaited<ReturnType<typeof deskStudio>>;
  let actor: Actor;

  beforeAll(async () => {
    f = await startFixture(dialect);
    s = await deskStudio(f);
    actor = s.desk;
    app = await deskApp(f, clockAt(base), () => actor);
  });
  afterAll(async () => {
    await app.close();
    await f.close();
  });

  const idOf = (staff: Actor) => (staff.identity.kind === 'staff_user' ? staff.identity.staffUserId : '');
  const call = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
    const answer = await app.inject({ method, url, ...(body !== undefined && { payload: body as object }) });
    return { status: answer.statusCode, body: answer.json() };
  };

  it('exports every route below /app/api, each with a contract', () => {
    expect(deskWebRoutes.map((route) => `${route.method} ${route.path}`)).toEqual([
      'GET /today',
      'GET /desk-scans',
      'POST /desk-scans/:id/enrol',
      'POST /cards',
      'POST /cards/:id/revoke',
      'GET /members',
      'GET /members/:id',
      'GET /members/:id/messages',
      'POST /memberships/:id/status',
      'POST /contacts/:id/form-signed',
      'POST /members/:id/check-in',
      'GET /checkin-overrides',
      'GET /keys',
      'POST /keys',
      'POST /keys/:id/revoke',
    ]);
  });

  it('answers the desk day, a scan enrolled, a taken card and an old scan with their statuses', async () => {
    actor = s.desk;
    expect(await call('GET', `/app/api/today?location_id=${s.site}`)).toMatchObject({ status: 200, body: { location_id: s.site, day: '2031-03-04' } });
    expect(await call('GET', `/app/api/today?location_id=${s.elsewhere}`)).toMatchObject({ status: 403, body: { error: { code: 'location_not_allowed' } } });
    const member = await s.build.member({ locationId: s.site, firstName: 'Ines' });
    const reader = deviceActor(f.acme.id, s.site, 'front', 'desk_reader');
    const fresh = await recordDeskScan(f.db, reader, { location_id: s.site, device_id: 'front:desk', identifier: '04EE00000000A1' }, clockAt(base - 30_000));
    const stale = await recordDeskScan(f.db, reader, { location_id: s.site, device_id: 'front:desk', identifier: '04EE00000000A2' }, clockAt(base - 180_000));
    if (fresh.status !== 201 || stale.status !== 201) throw new Error('expected unknown cards');
    expect((await call('GET', `/app/api/desk-scans?location_id=${s.site}&device_id=front:desk`)).body.data.map((scan: { id: string }) => scan.id)).toEqual([fresh.body.scan.id]);
    expect(await call('POST', `/app/api/desk-scans/${fresh.body.scan.id}/enrol`, { membership_id: member.membershipId })).toMatchObject({
      status: 201,
      body: { membership_id: member.membershipId, last_four: '00A1' },
    });
    expect(await call('POST', `/app/api/desk-scans/${stale.body.scan.id}/enrol`, { membership_id: member.membershipId })).toMatchObject({ status: 410, body: { error: { code: 'scan_expired' } } });
    const other = await s.build.member({ locationId: s.site });
    expect(await call('POST', '/app/api/cards', { membership_id: other.membershipId, uid: '04EE00000000A1' })).toMatchObject({
      status: 409,
      body: { error: { code: 'card_taken', holder: { contact_id: member.contactId, name: 'Ines' } } },
    });
    const profile = await call('GET', `/app/api/members/${member.contactId}`);
    expect(profile.body.cards).toMatchObject([{ last_four: '00A1' }]);
    expect(await call('POST', `/app/api/cards/${profile.body.cards[0].id}/revoke`)).toMatchObject({ status: 200, body: { revoked_at: expect.any(String) } });
  });

  it('answers a blocked check-in 422, an override by the front desk 403, and keys refused to the front desk', async () => {
    actor = s.desk;
    const pat = await s.build.member({ locationId: s.site, status: 'past_due', cards: [{ value: '04EE00000000B1' }] });
    expect(await call('POST', `/app/api/members/${pat.contactId}/check-in`, { location_id: s.site })).toMatchObject({
      status: 422,
      body: { error: { code: 'checkin_blocked', reasons: ['past_due'] } },
    });
    expect(await call('POST', `/app/api/members/${pat.contactId}/check-in`, { location_id: s.site, override_reason: 'paid cash' })).toMatchObject({
      status: 403,
      body: { error: { code: 'role_not_allowed' } },
    });
    expect(await call('GET', '/app/api/keys')).toMatchObject({ status: 403, body: { error: { code: 'role_not_allowed' } } });
    actor = s.manager;
    const managerId = idOf(s.manager);
    expect(await call('POST', `/app/api/members/${pat.contactId}/check-in`, { location_id: s.site, override_reason: 'paid cash' })).toMatchObject({
      status: 201,
      body: { flags: ['staff_override', 'past_due'] },
    });
    expect(await call('GET', `/app/api/checkin-overrides?location_id=${s.site}`)).toMatchObject({
      status: 200,
      body: { data: [{ contact_id: pat.contactId, actor: { kind: 'account', account_id: managerId, name: 'Manon', role: 'manager' }, reason: 'paid cash' }] },
    });
    expect(await call('POST', `/app/api/memberships/${pat.membershipId}/status`, { status: 'active' })).toMatchObject({ status: 200, body: { id: pat.membershipId, status: 'active' } });
    expect(await call('POST', `/app/api/contacts/${pat.contactId}/form-signed`, { signed: true })).toMatchObject({ status: 200, body: { form_signed_at: new Date(base).toISOString() } });
  });

  it('reads an override stored before the actor had a kind ("Manon (manager)") as the account it names, by its name now', async () => {
    actor = s.owner;
    const pat = await s.build.member({ locationId: s.site, status: 'past_due', cards: [{ value: '04EE00000000C1' }] });
    expect(await call('POST', `/app/api/members/${pat.contactId}/check-in`, { location_id: s.site, override_reason: 'paid by card' })).toMatchObject({ status: 201 });
    const [stored] = await f.db.all(f.db.qb.selectFrom('checkin_overrides').selectAll().where('contact_id', '=', pat.contactId));
    expect(stored).toMatchObject({ actor_account_id: idOf(s.owner), actor_name: 'owner' });
    const gone = '0b9d6c1e-2f3a-4b5c-8d7e-9f0a1b2c3d4e';
    const older = [
      { id: 'a0000000-0000-4000-8000-000000000001', actor_account_id: idOf(s.manager), actor_name: 'Manon (manager)', at: '2031-03-04T13:00:00.000Z' },
      { id: 'a0000000-0000-4000-8000-000000000002', actor_account_id: gone, actor_name: 'Gil (front desk)', at: '2031-03-04T12:00:00.000Z' },
      { id: 'a0000000-0000-4000-8000-000000000003', actor_account_id: gone, actor_name: 'manager', at: '2031-03-04T11:00:00.000Z' },
    ];
    await f.db.run(f.db.qb.insertInto('checkin_overrides').values(older.map((row) => ({ ...stored!, ...row }))));
    const listed = await call('GET', `/app/api/checkin-overrides?location_id=${s.site}`);
    expect(listed.status).toBe(200);
    const mine = (listed.body.data as { contact_id: string; actor: unknown }[]).filter((row) => row.contact_id === pat.contactId).map((row) => row.actor);
    expect(mine).toEqual([
      { kind: 'account', account_id: idOf(s.owner), name: 'Olive', role: 'owner' },
      { kind: 'account', account_id: idOf(s.manager), name: 'Manon', role: 'manager' },
      { kind: 'account', account_id: gone, name: 'Gil', role: 'front_desk' },
      { kind: 'account', account_id: gone, name: null, role: 'manager' },
    ]);
  });
});
