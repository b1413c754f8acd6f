import { dialects } from '@studio/testkit/server/databases';
import { startFixture, type Fixture } from '@studio/testkit/server/fixture';
import { CursorCodec } from '../../../src/pagination/cursor.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor, type Actor } from '../../../src/domain/actor.js';
import { testCompanyOf } from '../../../src/modules/companies/environments.js';
import { listEndpointDeliveries } from '../../../src/modules/webhooks/endpoints/deliveries.js';
import { createEndpoint, deleteEndpoint, getEndpoint, listEndpoints, rotateEndpointSecret, updateEndpoint } from '../../../src/modules/webhooks/endpoints/service.js';
import { resendDelivery } from '../../../src/modules/webhooks/resend.js';
import { deliveryTo, endpointOf } from './webhook-data.js';

const at = (iso: string) => () => Date.parse(iso);
const noon = at('2031-03-04T12:00:00.000Z');
const cursors = new CursorCodec('a test cursor secret of enough length');

async function refusal(work: Promise<unknown>): Promise<{ code: string; message: string } | null> {
  try {
    await work;
    return null;
  } catch (error) {
    return error as { code: string; message: string };
  }
}

describe.each(dialects)('webhook endpoint services (%s)', (dialect) => {
  let f: Fixture;
  let business: Actor;
  beforeAll(async () => {
    f = await startFixture(dialect);
    business = systemActor(f.acme.id, 'test');
  });
  afterAll(async () => f.close());

  it('makes an endpoint with a whsec_ secret of 32 random bytes, shown in that answer only', async () => {
    const made = await createEndpoint(f.db, business, { url: 'https://receiver.example/a', event_types: ['contact.created'], description: 'CRM' }, noon);
    expect(made.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(made.secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
    expect(made).toMatchObject({
      url: 'https://receiver.example/a',
      event_types: ['contact.created'],
      description: 'CRM',
      enabled: true,
      environment: 'live',
      secret_last4: made.secret.slice(-4),
      created_at: '2031-03-04T12:00:00.000Z',
    });
    const read = await getEndpoint(f.db, business, made.id);
    expect(read).not.toHaveProperty('secret');
    expect(JSON.stringify(read)).not.toContain(made.secret.slice(6, 30));
    const listed = await listEndpoints(f.db, business);
    expect(listed.find((e) => e.id === made.id)).toEqual(read);
    expect(JSON.stringify(listed)).not.toContain(made.secret.slice(6, 30));
    const other = await createEndpoint(f.db, business, { url: 'http://receiver.example/b', event_types: ['*'] }, noon);
    expect(other.secret).not.toBe(made.secret);
  });

  it('updates the fields given; enabling clears the reason the server disabled it for and its failures', async () => {
    const made = await endpointOf(f.db, f.acme.id);
    await f.db.run(f.db.qb.updateTable('webhook_endpoints').set({ enabled: 0, disabled_reason: 'Failing for 3 days', failing_since: '2031-03-01T00:00:00.000Z' }).where('id', '=', made.id));
    const renamed = await updateEndpoint(f.db, business, made.id, { description: 'renamed' }, noon);
    expect(renamed).toMatchObject({ description: 'renamed', enabled: false, disabled_reason: 'Failing for 3 days', url: made.url, updated_at: '2031-03-04T12:00:00.000Z' });
    const enabled = await updateEndpoint(f.db, business, made.id, { enabled: true, url: 'https://other.example/x', event_types: ['member.checked_in'] }, noon);
    expect(enabled).toMatchObject({ enabled: true, disabled_reason: null, failing_since: null, url: 'https://other.example/x', event_types: ['member.checked_in'] });
    expect(await getEndpoint(f.db, business, made.id)).toEqual(enabled);
    expect((await updateEndpoint(f.db, business, made.id, { enabled: false }, noon)).enabled).toBe(false);
  });

  it('rotates the secret: a new one shown once, the old one kept to sign for 24 hours', async () => {
    const made = await endpointOf(f.db, f.acme.id);
    const rotated = await rotateEndpointSecret(f.db, business, made.id, noon);
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(made.secret);
    expect(rotated.secret_last4).toBe(rotated.secret.slice(-4));
    const row = await f.db.first(f.db.qb.selectFrom('webhook_endpoints').selectAll().where('id', '=', made.id));
    expect(row).toMatchObject({ secret: rotated.secret, previous_secret: made.secret, previous_secret_expires_at: '2031-03-05T12:00:00.000Z' });
    expect(await getEndpoint(f.db, business, made.id)).not.toHaveProperty('secret');
  });

  it('deletes an endpoint with its deliveries and attempts, and leaves the events and other endpoints', async () => {
    const doomed = await endpointOf(f.db, f.acme.id);
    const kept = await endpointOf(f.db, f.acme.id);
    const gone = await deliveryTo(f.db, f.acme.id, doomed.id);
    const stays = await deliveryTo(f.db, f.acme.id, kept.id);
    const event = await f.db.first(f.db.qb.selectFrom('webhook_deliveries').select('event_id').where('id', '=', gone));
    expect(await deleteEndpoint(f.db, business, doomed.id)).toEqual({ id: doomed.id, deleted: true });
    expect(await refusal(getEndpoint(f.db, business, doomed.id))).toMatchObject({ code: 'resource_missing' });
    expect(await f.db.all(f.db.qb.selectFrom('webhook_deliveries').select('id').where('endpoint_id', '=', doomed.id))).toEqual([]);
    expect(await f.db.all(f.db.qb.selectFrom('webhook_attempts').select('id').where('endpoint_id', '=', doomed.id))).toEqual([]);
    expect(await f.db.first(f.db.qb.selectFrom('events').select('id').where('id', '=', event!.event_id))).toBeDefined();
    expect(await f.db.first(f.db.qb.selectFrom('webhook_deliveries').select('id').where('id', '=', stays))).toBeDefined();
    expect(await refusal(deleteEndpoint(f.db, business, doomed.id))).toMatchObject({ code: 'resource_missing' });
  });

  it("lists an endpoint's deliveries newest first with their event type, by status, a page at a time", async () => {
    const endpoint = await endpointOf(f.db, f.acme.id);
    const made: string[] = [];
    for (const [index, status] of (['failed', 'delivered', 'pending', 'failed', 'delivered'] as const).entries()) {
      made.push(await deliveryTo(f.db, f.acme.id, endpoint.id, { status, createdAt: `2031-03-04T10:0${index}:00.000Z`, type: index === 1 ? 'member.checked_in' : 'contact.created' }));
    }
    const all = await listEndpointDeliveries(f.db, business, endpoint.id, { limit: 10 }, cursors);
    expect(all.data.map((d) => d.id)).toEqual([...made].reverse());
    expect(all.data[3]).toMatchObject({ id: made[1], event_type: 'member.checked_in', status: 'delivered', last_status_code: 204, endpoint_id: endpoint.id });
    const first = await listEndpointDeliveries(f.db, business, endpoint.id, { limit: 2 }, cursors);
    const second = await listEndpointDeliveries(f.db, business, endpoint.id, { limit: 2, cursor: first.next_cursor! }, cursors);
    const third = await listEndpointDeliveries(f.db, business, endpoint.id, { limit: 2, cursor: second.next_cursor! }, cursors);
    expect([...first.data, ...second.data, ...third.data].map((d) => d.id)).toEqual([...made].reverse());
    expect(third.next_cursor).toBeNull();
    const failed = await listEndpointDeliveries(f.db, business, endpoint.id, { status: 'failed', limit: 10 }, cursors);
    expect(failed.data.map((d) => d.id)).toEqual([made[3], made[0]]);
    // A cursor of one filter is refused on another.
    expect(await refusal(listEndpointDeliveries(f.db, business, endpoint.id, { status: 'delivered', limit: 2, cursor: first.next_cursor! }, cursors))).toMatchObject({ code: 'invalid_param' });
  });

  it('resends a delivery: pending, due now, a run-out claim cleared; refused while its endpoint is disabled', async () => {
    const endpoint = await endpointOf(f.db, f.acme.id);
    const delivery = await deliveryTo(f.db, f.acme.id, endpoint.id, { status: 'delivered', claimedUntil: '2031-03-04T11:55:00.000Z' });
    const resent = await resendDelivery(f.db, business, delivery, noon);
    expect(resent).toMatchObject({ id: delivery, status: 'pending', next_attempt_at: '2031-03-04T12:00:00.000Z', delivered_at: null, attempts: 1 });
    const row = await f.db.first(f.db.qb.selectFrom('webhook_deliveries').select(['claimed_until', 'claim_token']).where('id', '=', delivery));
    expect(row).toEqual({ claimed_until: null, claim_token: null });

    await updateEndpoint(f.db, business, endpoint.id, { enabled: false }, noon);
    const refused = await refusal(resendDelivery(f.db, business, delivery, noon));
    expect(refused).toMatchObject({ code: 'webhook_endpoint_disabled' });
    expect(refused!.message).toMatch(/enable the endpoint/);
  });

  it('keeps each company to its own endpoints and deliveries, and a test twin to its own environment', async () => {
    const live = await endpointOf(f.db, f.acme.id);
    const delivery = await deliveryTo(f.db, f.acme.id, live.id);
    const twin = systemActor(await testCompanyOf(f.db, f.acme.id), 'test');
    const other = systemActor(f.other.id, 'test');
    const testEndpoint = await createEndpoint(f.db, twin, { url: 'https://receiver.example/test', event_types: ['*'] }, noon);
    expect(testEndpoint.environment).toBe('test');
    expect((await listEndpoints(f.db, twin)).map((e) => e.id)).toEqual([testEndpoint.id]);
    expect((await listEndpoints(f.db, business)).map((e) => e.id)).not.toContain(testEndpoint.id);
    for (const stranger of [twin, other]) {
      expect(await refusal(getEndpoint(f.db, stranger, live.id))).toMatchObject({ code: 'resource_missing' });
      expect(await refusal(updateEndpoint(f.db, stranger, live.id, { enabled: false }, noon))).toMatchObject({ code: 'resource_missing' });
      expect(await refusal(rotateEndpointSecret(f.db, stranger, live.id, noon))).toMatchObject({ code: 'resource_missing' });
      expect(await refusal(deleteEndpoint(f.db, stranger, live.id))).toMatchObject({ code: 'resource_missing' });
      expect(await refusal(listEndpointDeliveries(f.db, stranger, live.id, { limit: 5 }, cursors))).toMatchObject({ code: 'resource_missing' });
      expect(await refusal(resendDelivery(f.db, stranger, delivery, noon))).toMatchObject({ code: 'resource_missing' });
    }
    expect(await refusal(getEndpoint(f.db, business, testEndpoint.id))).toMatchObject({ code: 'resource_missing' });
    expect((await getEndpoint(f.db, business, live.id)).enabled).toBe(true);
  });

  it('refuses an actor of some locations only, with why; one without write:webhooks; staff but owners', async () => {
    const endpoint = await endpointOf(f.db, f.acme.id);
    const limited: Actor = { ...business, locationIds: [f.acme.us.id] };
    const refused = await refusal(listEndpoints(f.db, limited));
    expect(refused).toMatchObject({ code: 'location_not_allowed' });
    expect(refused!.message).toMatch(/every location/);
    expect(await refusal(getEndpoint(f.db, limited, endpoint.id))).toMatchObject({ code: 'location_not_allowed' });
    expect(await refusal(createEndpoint(f.db, limited, { url: 'https://x.example', event_types: ['*'] }))).toMatchObject({ code: 'location_not_allowed' });
    expect(await refusal(listEndpoints(f.db, { ...business, scopes: ['read:contacts', 'read:events'] }))).toMatchObject({ code: 'insufficient_scope' });
    const staff = (role: string): Actor => ({ ...business, identity: { kind: 'staff_user', staffUserId: 'someone', role } });
    expect(await refusal(listEndpoints(f.db, staff('manager')))).toMatchObject({ code: 'role_not_allowed' });
    expect(await refusal(rotateEndpointSecret(f.db, staff('front_desk'), endpoint.id))).toMatchObject({ code: 'role_not_allowed' });
    expect((await listEndpoints(f.db, staff('owner'))).map((e) => e.id)).toContain(endpoint.id);
  });
});
