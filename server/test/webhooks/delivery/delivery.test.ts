import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import { afterEach, describe, expect, it } from 'vitest';
import { toIso } from '../../../src/clock/time.js';
import { testCompanyOf } from '../../../src/modules/companies/environments.js';
import { addEndpoint, addEvent, DeliveredEnvelope, handClock, newCompany, newSecret, useReceivers, verifyAt, worker } from './fixture.js';

describe.each(dialects)('webhook delivery on %s', (dialect) => {
  const suite = useFreshDatabase(dialect);
  const receiver = useReceivers(suite);

  const deliveriesOf = (endpointId: string) => suite.db.all(suite.db.qb.selectFrom('webhook_deliveries').selectAll().where('endpoint_id', '=', endpointId).orderBy('created_at').orderBy('event_id'));

  it('sends every event, once, to each endpoint that takes its type, signed so standardwebhooks verifies it', async () => {
    const clock = handClock();
    const companyId = await newCompany(suite.db);
    const [all, contactsOnly, bookingsOnly] = [await receiver(), await receiver(), await receiver()];
    const everything = await addEndpoint(suite.db, companyId, all.url, clock);
    const contacts = await addEndpoint(suite.db, companyId, contactsOnly.url, clock, { eventTypes: ['contact.created', 'contact.updated'] });
    await addEndpoint(suite.db, companyId, bookingsOnly.url, clock, { eventTypes: ['booking.created'] });
    await addEndpoint(suite.db, companyId, all.url, clock, { enabled: false });
    const otherCompany = await newCompany(suite.db);
    await addEndpoint(suite.db, otherCompany, all.url, clock);

    const created = await addEvent(suite.db, companyId, clock, 'contact.created', { id: 'c1', first_name: 'Anne' });
    const booked = await addEvent(suite.db, companyId, clock, 'class_attendee.booked', { id: 'a1' });
    const sender = worker(suite.db, clock);
    await sender.runOnce();
    await sender.runOnce();
    await sender.stop();

    expect(all.idsReceived().sort()).toEqual([created, booked].sort());
    expect(contactsOnly.idsReceived()).toEqual([created]);
    expect(bookingsOnly.received).toEqual([]);
    for (const request of all.received) {
      const event = DeliveredEnvelope.parse(verifyAt(everything.secret, request, clock.now()));
      expect(event.id).toBe(request.headers['webhook-id']);
      expect(request.headers['webhook-timestamp']).toBe(String(clock.now() / 1000));
      expect(request.headers['content-type']).toBe('application/json');
    }
    expect(DeliveredEnvelope.parse(verifyAt(contacts.secret, contactsOnly.received[0]!, clock.now()))).toEqual({
      id: created,
      type: 'contact.created',
      created_at: toIso(clock.now()),
      environment: 'live',
      location_id: null,
      data: { id: 'c1', first_name: 'Anne' },
    });
    // Another secret does not verify it.
    expect(() => verifyAt(newSecret(), contactsOnly.received[0]!, clock.now())).toThrow('No matching signature found');
    expect((await deliveriesOf(everything.id)).map((row) => [row.status, row.attempts, row.last_status_code])).toEqual([
      ['delivered', 1, 204],
      ['delivered', 1, 204],
    ]);
    const undispatched = await suite.db.all(suite.db.qb.selectFrom('events').select('id').where('dispatched_at', 'is', null));
    expect(undispatched).toEqual([]);
  });

  it("marks a test-mode company's events environment test", async () => {
    const clock = handClock();
    const twin = await testCompanyOf(suite.db, await newCompany(suite.db));
    const hook = await receiver();
    const endpoint = await addEndpoint(suite.db, twin, hook.url, clock);
    await addEvent(suite.db, twin, clock);
    const sender = worker(suite.db, clock);
    await sender.runOnce();
    await sender.stop();
    expect(DeliveredEnvelope.parse(verifyAt(endpoint.secret, hook.received[0]!, clock.now())).environment).toBe('test');
  });

  it('signs with the previous secret as well while the rotation lasts, then with the new one alone', async () => {
    const clock = handClock();
    const companyId = await newCompany(suite.db);
    const hook = await receiver();
    const [current, previous] = [newSecret(), newSecret()];
    await addEndpoint(suite.db, companyId, hook.url, clock, { secret: current, previousSecret: previous, previousSecretExpiresAt: toIso(clock.now() + 3_600_000) });
    const sender = worker(suite.db, clock);
    await addEvent(suite.db, companyId, clock);
    await sender.runOnce();
    const [during] = hook.received;
    expect(String(during!.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verifyAt(current, during!, clock.now())).toBeTruthy();
    expect(verifyAt(previous, during!, clock.now())).toBeTruthy();

    clock.advance(3_600_000);
    await addEvent(suite.db, companyId, clock);
    await sender.runOnce();
    await sender.stop();
    const after = hook.received[1]!;
    expect(String(after.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(verifyAt(current, after, clock.now())).toBeTruthy();
    expect(() => verifyAt(previous, after, clock.now())).toThrow('No matching signature found');
  });

  it('gets every event to a receiver that is down, then answers 500, then recovers; a success clears failing_since', async () => {
    const clock = handClock();
    const companyId = await newCompany(suite.db);
    const hook = await receiver();
    const endpoint = await addEndpoint(suite.db, companyId, hook.url, clock);
    await hook.close();
    const sender = worker(suite.db, clock);
    const events: string[] = [];
    const failingSince = async () => (await suite.db.first(suite.db.qb.selectFrom('webhook_endpoints').select('failing_since').where('id', '=', endpoint.id)))!.failing_since;

    // Down for an hour, while events keep coming.
    for (let minute = 0; minute < 60; minute += 5) {
      events.push(await addEvent(suite.db, companyId, clock));
      await sender.runOnce();
      clock.advance(5 * 60_000);
    }
    expect(hook.received).toEqual([]);
    expect(await failingSince()).toBe('2026-11-20T09:00:00.000Z');
    const down = await deliveriesOf(endpoint.id);
    expect(new Set(down.map((row) => row.last_error))).toEqual(new Set(['connection refused']));
    expect(down.every((row) => row.status === 'pending' && row.next_attempt_at! > row.last_attempt_at!)).toBe(true);

    // Up, but answering 500 for two hours.
    await hook.listen(hook.port);
    hook.behaviour = () => 500;
    for (let minute = 0; minute < 120; minute += 10) {
      events.push(await addEvent(suite.db, companyId, clock));
      await sender.runOnce();
      clock.advance(10 * 60_000);
    }
    expect(hook.received.length).toBeGreaterThan(0);
    const attempts = await suite.db.all(suite.db.qb.selectFrom('webhook_attempts').select(['status_code', 'error', 'latency_ms']).where('endpoint_id', '=', endpoint.id));
    expect(attempts.some((attempt) => attempt.status_code === 500 && attempt.error === 'HTTP 500')).toBe(true);

    // Recovered: every event arrives within the next retries (the longest wait is 6 hours).
    hook.behaviour = () => 200;
    for (let hour = 0; hour < 8; hour++) {
      clock.advance(3_600_000);
      await sender.runOnce();
      await sender.runOnce();
    }
    await sender.stop();
    expect((await deliveriesOf(endpoint.id)).every((row) => row.status === 'delivered' && row.next_attempt_at === null && row.claim_token === null)).toBe(true);
    expect([...new Set(hook.idsReceived())].sort()).toEqual([...events].sort());
    expect(await failingSince()).toBeNull();
  });
});
