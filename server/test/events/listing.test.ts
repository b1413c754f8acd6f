import { randomUUID } from 'node:crypto';
import { dialects } from '@studio/testkit/server/databases';
import { startFixture, type Fixture } from '@studio/testkit/server/fixture';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../../src/clock/time.js';
import { createKey } from '../../src/modules/keys/repository.js';
import { testCompanyOf } from '../../src/modules/companies/environments.js';
import { recordEvent } from '../../src/modules/events/record.js';
import { storedEvents } from './events-helper.js';
import { standIn } from '../webhooks/delivery/fixture.js';

const day = Date.parse('2027-05-10T12:00:00.000Z');
const at =
  (minutes: number): Clock =>
  () =>
    day + minutes * 60_000;

describe.each(dialects)('GET /v1/events (%s)', (dialect) => {
  let f: Fixture;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    f = await startFixture(dialect);
    // Written as a change writes them, each in a transaction, a minute apart (the clock is passed in).
    const write = (name: string, minutes: number, type: 'booking.created' | 'contact.created' | 'class.cancelled', locationId: string | null, companyId = f.acme.id) =>
      f.db.transaction(async (tx) => {
        ids[name] = await recordEvent(f.db, tx, { companyId, type, locationId, data: standIn({ id: name }) }, at(minutes));
      });
    await write('usBooking', 1, 'booking.created', f.acme.us.id);
    await write('gbBooking', 2, 'booking.created', f.acme.gb.id);
    await write('nowhere', 3, 'class.cancelled', null);
    await write('usContact', 4, 'contact.created', f.acme.us.id);
    await write('usLater', 60 * 24, 'booking.created', f.acme.us.id);
    await write('other', 5, 'booking.created', f.other.location.id, f.other.id);
  });
  afterAll(() => f.close());

  const names = (data: { id: string }[]) => data.map((event) => Object.entries(ids).find(([, id]) => id === event.id)?.[0]);

  it('lists newest first, in the Event shape, and pages with a cursor without gap or repeat', async () => {
    const all = await f.request('GET', '/v1/events');
    expect(all.status).toBe(200);
    expect(names(all.body.data)).toEqual(['usLater', 'usContact', 'nowhere', 'gbBooking', 'usBooking']);
    expect(all.body.data[0]).toEqual({
      id: ids.usLater,
      type: 'booking.created',
      created_at: new Date(at(1440)()).toISOString(),
      environment: 'live',
      location_id: f.acme.us.id,
      data: { id: 'usLater' },
    });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: { data: { id: string }[]; next_cursor: string | null } } = await f.request('GET', `/v1/events?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(page.body.data.length).toBeLessThanOrEqual(2);
      seen.push(...names(page.body.data).map(String));
      cursor = page.body.next_cursor;
    } while (cursor);
    expect(seen).toEqual(['usLater', 'usContact', 'nowhere', 'gbBooking', 'usBooking']);
  });

  it('filters by type, location and a created window', async () => {
    expect(names((await f.request('GET', '/v1/events?type=booking.created')).body.data)).toEqual(['usLater', 'gbBooking', 'usBooking']);
    expect(names((await f.request('GET', `/v1/events?location_id=${f.acme.gb.id}`)).body.data)).toEqual(['gbBooking']);
    const from = new Date(at(2)()).toISOString();
    const to = new Date(at(4)()).toISOString();
    expect(names((await f.request('GET', `/v1/events?from=${from}&to=${to}`)).body.data)).toEqual(['nowhere', 'gbBooking']);
    expect((await f.request('GET', '/v1/events?type=booking.exploded')).status).toBe(400);
  });

  it('shows a key limited to some locations their events and those of none; another company sees none of them', async () => {
    expect(names((await f.request('GET', '/v1/events', { key: f.keys.usOnly })).body.data)).toEqual(['usLater', 'usContact', 'nowhere', 'usBooking']);
    expect((await f.request('GET', `/v1/events/${ids.gbBooking}`, { key: f.keys.usOnly })).body.error).toMatchObject({ code: 'location_not_allowed', param: 'id' });
    expect((await f.request('GET', `/v1/events/${ids.nowhere}`, { key: f.keys.usOnly })).status).toBe(200);
    expect((await f.request('GET', `/v1/events?location_id=${f.acme.gb.id}`, { key: f.keys.usOnly })).status).toBe(403);
    expect(names((await f.request('GET', '/v1/events', { key: f.keys.other })).body.data)).toEqual(['other']);
    expect((await f.request('GET', `/v1/events/${ids.usBooking}`, { key: f.keys.other })).status).toBe(404);
    expect((await f.request('GET', `/v1/events/${randomUUID()}`)).status).toBe(404);
  });

  it('needs read:events', async () => {
    const key = (await createKey(f.db, { companyId: f.acme.id, scopes: ['read:bookings'], locationIds: 'all' })).key;
    expect((await f.request('GET', '/v1/events', { key })).body.error).toMatchObject({ code: 'insufficient_scope' });
    expect((await f.request('GET', `/v1/events/${ids.usBooking}`, { key })).status).toBe(403);
  });

  it("says test for a test-mode company's events, decided when read", async () => {
    const twin = await testCompanyOf(f.db, f.acme.id);
    const id = await f.db.transaction((tx) => recordEvent(f.db, tx, { companyId: twin, type: 'contact.created', locationId: null, data: standIn({ id: 'twin' }) }, at(10)));
    const key = (await createKey(f.db, { companyId: f.acme.id, environment: 'test', scopes: 'all', locationIds: 'all' })).key;
    const answer = await f.request('GET', `/v1/events/${id}`, { key });
    expect(answer.body).toMatchObject({ id, environment: 'test' });
    expect((await f.request('GET', `/v1/events/${id}`)).status).toBe(404);
  });

  it('writes nothing when the change rolls back after recording its event, and refuses to record outside a transaction', async () => {
    const before = await storedEvents(f.db, f.acme.id);
    const failure = new Error('the change failed after its event was recorded');
    await expect(
      f.db.transaction(async (tx) => {
        await recordEvent(f.db, tx, { companyId: f.acme.id, type: 'booking.created', locationId: f.acme.us.id, data: standIn({ id: 'rolled back' }) }, at(20));
        throw failure;
      }),
    ).rejects.toBe(failure);
    await expect(recordEvent(f.db, f.db, { companyId: f.acme.id, type: 'booking.created', locationId: null, data: standIn({}) })).rejects.toThrow(/needs the transaction/);
    expect(await storedEvents(f.db, f.acme.id)).toEqual(before);
  });
});
