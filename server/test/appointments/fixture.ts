import { randomUUID } from 'node:crypto';
import type { Fixture } from '@studio/testkit/server/fixture';
import { afterEach, beforeEach, vi } from 'vitest';

const now = () => new Date().toISOString();

/**
 * The instant the appointment tests run at. Their dates (the 2027 DST changes, a week in June) are
 * literal so each expectation can be read off a calendar; with Date frozen here they stay in the
 * future, inside the horizon and past the minimum notice whatever the machine's clock says.
 */
export const appointmentsNow = '2026-12-01T12:00:00.000Z';

/** Freezes Date (timers stay real) at `at` for every test of the enclosing describe. */
export function runAt(at: string = appointmentsNow): void {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(at));
  });
  afterEach(() => vi.useRealTimers());
}
const everyDay = [1, 2, 3, 4, 5, 6, 7];

export interface SalonOptions {
  timezone: string;
  hours?: { start: string; end: string };
  rules?: Record<string, number>;
}

/**
 * A salon location with two technicians working every day, a massage (60 min, 15 min buffer
 * after, needs the one treatment room) and a haircut (30 min, no buffer, no room).
 */
export async function salon(f: Fixture, options: SalonOptions) {
  const db = f.db;
  const company_id = f.acme.id;
  const location = randomUUID();
  const rules = { min_notice_minutes: 60, horizon_days: 3650, slot_interval_minutes: 30, cancellation_window_hours: 24, ...options.rules };
  await db.run(
    db.qb.insertInto('locations').values({
      id: location,
      company_id,
      name: `Salon ${location.slice(0, 6)}`,
      slug: `salon-${location.slice(0, 8)}`,
      timezone: options.timezone,
      country: 'US',
      address: null,
      settings: JSON.stringify({ appointments: rules }),
      created_at: now(),
    }),
  );
  const room = randomUUID();
  await db.run(db.qb.insertInto('rooms').values({ id: room, company_id, location_id: location, name: 'Treatment room', created_at: now() }));
  const staff: string[] = [];
  for (const name of ['Ana', 'Ben']) {
    const id = randomUUID();
    staff.push(id);
    await db.run(db.qb.insertInto('staff').values({ id, company_id, first_name: name, last_name: null, email: null, created_at: now() }));
    for (const weekday of everyDay) {
      const span = options.hours ?? { start: '09:00', end: '17:00' };
      await db.run(db.qb.insertInto('staff_hours').values({ id: randomUUID(), staff_id: id, location_id: location, weekday, start_time: span.start, end_time: span.end }));
    }
  }
  const service = async (name: string, duration: number, bufferAfter: number, roomId: string | null) => {
    const id = randomUUID();
    await db.run(
      db.qb.insertInto('services').values({
        id,
        company_id,
        location_id: location,
        name,
        description: null,
        category: 'salon',
        kind: 'appointment',
        duration_minutes: duration,
        price_cents: 5000,
        buffer_before_minutes: 0,
        buffer_after_minutes: bufferAfter,
        room_id: roomId,
        requires_entitlement: 0,
        free_classes: 0,
        first_timers_only: 0,
        created_at: now(),
      }),
    );
    for (const staffId of staff) await db.run(db.qb.insertInto('service_staff').values({ service_id: id, staff_id: staffId }));
    return id;
  };
  const massage = await service('Massage', 60, 15, room);
  const haircut = await service('Haircut', 30, 0, null);
  const contact = (await f.request('POST', '/v1/contacts', { body: { first_name: 'Client', location_id: location } })).body.id as string;
  return { location, room, staff, massage, haircut, contact };
}
