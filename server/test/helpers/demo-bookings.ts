import { randomUUID } from 'node:crypto';
import type { Db } from '../../src/db/types.js';
import { demoCompanyId } from '../../src/modules/setup/demo.js';

/** Demo ids a schedule or booking test works with (server/examples/demo-business.json). */
export const demo = {
  brooklyn: 'cbf0a9af-f340-5c03-a2e1-9aab1fe2401c',
  london: '51d776da-2e01-50e6-88ba-7059ee450b81',
  priya: 'd35b7aab-55b1-560a-b5e5-fc8f9218f4da',
  swedishMassage: 'a90ce29c-a6cd-5bfb-93d5-e31d3d2e05e8',
  treatmentRoom: '5a1e823f-f9f8-57df-bbbb-be88eaeaf0bc',
  mia: 'af67d52f-6eef-5f09-8516-e9492ce4488a',
};

/** A 60-minute Swedish massage with Priya, written straight to the table (no availability check). */
export async function insertDemoBooking(db: Db, startAt: string, status: 'booked' | 'cancelled'): Promise<string> {
  const start = Date.parse(startAt);
  const iso = (ms: number) => new Date(ms).toISOString();
  const id = randomUUID();
  await db.run(
    db.qb.insertInto('bookings').values({
      id,
      company_id: demoCompanyId,
      location_id: demo.brooklyn,
      contact_id: demo.mia,
      service_id: demo.swedishMassage,
      staff_id: demo.priya,
      room_id: demo.treatmentRoom,
      start_at: iso(start),
      end_at: iso(start + 60 * 60_000),
      block_start_at: iso(start),
      block_end_at: iso(start + 75 * 60_000),
      status,
      source: 'api',
      notes: null,
      late_cancel: 0,
      cancelled_at: status === 'cancelled' ? iso(start - 86_400_000) : null,
      cancellation_reason: null,
      created_at: iso(start - 7 * 86_400_000),
      updated_at: iso(start - 7 * 86_400_000),
    }),
  );
  return id;
}
