import { dialects } from '@studio/testkit/server/databases';
import { startFixture, type Fixture } from '@studio/testkit/server/fixture';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAt, salon } from './fixture.js';

/** mulberry32: seeded, so a failing week can be replayed. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const seed = Number(process.env.BOOKING_PROPERTY_SEED ?? 4242);
if (!Number.isSafeInteger(seed)) throw new Error(`BOOKING_PROPERTY_SEED must be an integer, not ${process.env.BOOKING_PROPERTY_SEED}`);
const days = ['2027-06-07', '2027-06-08', '2027-06-09', '2027-06-10', '2027-06-11', '2027-06-12', '2027-06-13'];

// The seed goes into the title by interpolation: `%i` would format the case's argument (the dialect name) and print NaN.
describe.each(dialects)(`availability and booking agree on a randomized week (%s, seed ${seed})`, (dialect) => {
  let f: Fixture;
  runAt();
  beforeAll(async () => {
    f = await startFixture(dialect);
  });
  afterAll(() => f.close());

  it('every start is bookable exactly when availability offers it', async () => {
    const random = seeded(seed);
    const s = await salon(f, { timezone: 'Europe/London', rules: { min_notice_minutes: 0 } });
    const services = [s.haircut, s.massage];
    const gridStart = (day: string, step: number) => new Date(Date.parse(`${day}T07:00:00Z`) + step * 30 * 60_000).toISOString();
    // A random week of bookings, some refused (taken, or outside hours): whatever the server decides.
    let accepted = 0;
    for (let i = 0; i < 40; i++) {
      const technician = random() < 0.3 ? undefined : s.staff[Math.floor(random() * 2)];
      const answer = await f.request('POST', '/v1/bookings', {
        body: {
          location_id: s.location,
          contact_id: s.contact,
          service_id: services[Math.floor(random() * 2)],
          start: gridStart(days[Math.floor(random() * 7)]!, Math.floor(random() * 22)),
          ...(technician && { technician_id: technician }),
        },
      });
      expect([201, 409, 422]).toContain(answer.status);
      if (answer.status === 201) accepted++;
    }
    expect(accepted).toBeGreaterThan(10);

    let offeredChecked = 0;
    for (const service of services) {
      const offered = await f.request('GET', `/v1/availability?service_id=${service}&from=${days[0]}&to=2027-06-14`);
      expect(offered.status).toBe(200);
      const shown = new Set(offered.body.data.map((slot: { start: string; technician_id: string }) => `${slot.start} ${slot.technician_id}`));
      for (const day of days) {
        for (let step = 0; step < 22; step++) {
          const start = gridStart(day, step);
          for (const technician of s.staff) {
            const expected = shown.has(`${new Date(start).toISOString()} ${technician}`);
            const answer = await f.request('POST', '/v1/bookings', { body: { location_id: s.location, contact_id: s.contact, service_id: service, technician_id: technician, start } });
            expect(answer.status === 201, `${service === s.massage ? 'massage' : 'haircut'} ${start} ${technician}: ${answer.status} ${JSON.stringify(answer.body.error ?? '')}`).toBe(expected);
            if (answer.status === 201) {
              offeredChecked++;
              // Give the slot back so the next check sees the same week.
              expect((await f.request('POST', `/v1/bookings/${answer.body.id}/cancel`, { body: {} })).status).toBe(200);
            }
          }
        }
      }
    }
    expect(offeredChecked).toBeGreaterThan(100);
  });
});
