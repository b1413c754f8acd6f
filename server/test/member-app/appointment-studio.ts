import { randomUUID } from 'node:crypto';
import type { Db } from '../../src/db/types.js';
import { createContact } from '../../src/modules/contacts/service.js';
import type { Target } from '../authorization/authorization-decisions.js';
import { membershipAt } from '../authorization/desk-matrix-data.js';
import { memberStudio } from '../member-auth/member-studio.js';

const created_at = '2020-01-01T00:00:00.000Z';

/**
 * The members' studio (member-auth/member-studio.ts: nina at north, on a hand clock) with
 * appointments at north: Ana works every day 09:00-17:00 local and gives a 60-minute Massage.
 * Olga is another member of north with an email, signed in on her own phone.
 */
export async function appointmentStudio(db: Db) {
  const s = await memberStudio(db);
  const companyId = s.studio.companyId;
  const north = s.studio.north;
  const ana = randomUUID();
  await db.run(db.qb.insertInto('staff').values({ id: ana, company_id: companyId, first_name: 'Ana', last_name: 'Ruiz', email: null, created_at }));
  for (const weekday of [1, 2, 3, 4, 5, 6, 7]) {
    await db.run(db.qb.insertInto('staff_hours').values({ id: randomUUID(), staff_id: ana, location_id: north, weekday, start_time: '09:00', end_time: '17:00' }));
  }
  const massage = randomUUID();
  await db.run(
    db.qb.insertInto('services').values({
      id: massage,
      company_id: companyId,
      location_id: north,
      name: 'Massage',
      description: null,
      category: null,
      kind: 'appointment',
      duration_minutes: 60,
      price_cents: 5000,
      buffer_before_minutes: 0,
      buffer_after_minutes: 0,
      room_id: null,
      requires_entitlement: 0,
      free_classes: 0,
      first_timers_only: 0,
      created_at,
    }),
  );
  await db.run(db.qb.insertInto('service_staff').values({ service_id: massage, staff_id: ana }));
  const { contact: olga } = await createContact(db, s.studio.business, { location_id: north, first_name: 'Olga', email: 'olga@example.com' });
  await membershipAt(db, { company: s.studio, location: north, contact: olga.id, clock: s.clock.now } as unknown as Target);
  const nina = await s.signInMember('nina@example.com', s.studio.nina);
  const olgaPhone = await s.signInMember('olga@example.com', olga.id);
  return { ...s, ana, massage, olga: olga.id, nina, olgaPhone };
}
