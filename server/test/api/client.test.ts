import { ApiRequestError, NetworkError, createStudioClient } from '@studio/shared/client';
import { classBuilder } from '@studio/testkit/server/classes';
import { dialects } from '@studio/testkit/server/databases';
import { startFixture, type Fixture } from '@studio/testkit/server/fixture';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe.each(dialects)('the typed client against the real server (%s)', (dialect) => {
  let f: Fixture;
  let client: ReturnType<typeof createStudioClient>;
  beforeAll(async () => {
    f = await startFixture(dialect);
    const base = await f.app.listen({ port: 0, host: '127.0.0.1' });
    client = createStudioClient({ baseUrl: `${base}/v1`, apiKey: f.keys.all, backoff: { baseDelayMs: 1, maxDelayMs: 5 } });
  });
  afterAll(async () => {
    await client.close();
    await f.close();
  });

  it('pings, lists and walks with parsed, typed answers', async () => {
    const identity = await client.ping();
    expect(identity.company_id).toBe(f.acme.id);
    expect((await client.locations.list()).data.map((l) => l.id).sort()).toEqual([f.acme.us.id, f.acme.gb.id].sort());
    for (let i = 0; i < 7; i++) await client.contacts.create({ first_name: `Client${i}`, location_id: f.acme.gb.id });
    const walked: string[] = [];
    for await (const contact of client.contacts.all({ location_id: f.acme.gb.id, search: 'client', limit: 3 })) walked.push(contact.first_name);
    expect(walked).toEqual(Array.from({ length: 7 }, (_, i) => `Client${i}`));
  });

  it('creates with an idempotency key it reports, and a replay answers the same record', async () => {
    const first = await client.contacts.create({ first_name: 'Keyed', location_id: f.acme.us.id }, { idempotencyKey: 'client-test-key-1' });
    expect(first.status).toBe(201);
    expect(first.idempotencyKey).toBe('client-test-key-1');
    const again = await client.contacts.create({ first_name: 'Keyed', location_id: f.acme.us.id }, { idempotencyKey: 'client-test-key-1' });
    expect(again.replayed).toBe(true);
    expect(again.data).toEqual(first.data);
    const updated = await client.contacts.update(first.data.id, { last_name: 'Person' });
    expect(updated.last_name).toBe('Person');
    expect((await client.contacts.memberships(first.data.id)).data).toEqual([]);
  });

  it('resolves, checks in with a key it reports, lists visits and reads the eligibility feed', async () => {
    const contact = await client.contacts.create({ first_name: 'Gym', location_id: f.acme.us.id });
    const plan = (await client.membershipPlans.list({ location_id: f.acme.us.id })).data[0]!;
    const sold = await client.contacts.sellMembership(contact.data.id, { plan_id: plan.id, member_code: 'client-code' });
    expect(sold.status).toBe(201);
    expect(await client.members.resolve({ identifier: 'client-code', location_id: f.acme.us.id })).toMatchObject({ found: true, membership_id: sold.data.id });
    const visit = await client.members.checkIn({ identifier: 'client-code', location_id: f.acme.us.id, source: 'api' });
    expect(visit.status).toBe(201);
    expect(visit.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect((await client.members.visits(sold.data.id)).data.map((v) => v.id)).toEqual([visit.data.id]);
    const feed = await client.members.eligibility({ location_id: f.acme.us.id });
    expect(feed.data.some((row) => row.membership_id === sold.data.id)).toBe(true);
    const blocked = await client.members.checkIn({ membership_id: sold.data.id, location_id: f.acme.us.id, checked_in_at: new Date(Date.now() + 3600_000).toISOString() }).catch((e: unknown) => e);
    expect(blocked).toMatchObject({ status: 400, code: 'invalid_param', param: 'checked_in_at' });
  });

  it('reads the timetable, books, checks in and cancels a class spot', async () => {
    const c = classBuilder(f);
    const cls = await c.classAt(new Date(Date.now() + 20 * 60_000).toISOString(), { serviceId: await c.service(), capacity: 3 });
    const [ann, ben] = [await c.contact(), await c.contact()];
    expect((await client.classes.list({ location_id: f.acme.us.id })).data.map((row) => row.id)).toContain(cls);
    const booked = await client.classes.book(cls, { contact_id: ann });
    expect(booked).toMatchObject({ status: 201, data: { status: 'reserved', spots_left: 2, already_booked: false } });
    expect((await client.classes.book(cls, { contact_id: ann })).status).toBe(200);
    expect((await client.classes.checkIn(cls, { contact_id: ann })).data.status).toBe('checked_in');
    await client.classes.book(cls, { contact_id: ben });
    expect((await client.classes.cancel(cls, { contact_id: ben })).data).toMatchObject({ status: 'late_cancelled', late: true });
    expect((await client.classes.get(cls)).roster.map((r) => r.status)).toEqual(['checked_in', 'late_cancelled']);
  });

  it('turns the error envelope into a typed error, and an unreachable server into a network error', async () => {
    const error = await client.contacts.get(crypto.randomUUID()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 404, code: 'resource_missing', param: 'id' });
    expect((error as ApiRequestError).requestId).toMatch(/^req_/);
    const offline = createStudioClient({ baseUrl: 'http://127.0.0.1:9/v1', apiKey: f.keys.all, retries: 0 });
    const unreachable = await offline.ping().catch((e: unknown) => e);
    expect(unreachable).toBeInstanceOf(NetworkError);
    expect(String(unreachable)).not.toContain(f.keys.all);
    await offline.close();
  });
});
