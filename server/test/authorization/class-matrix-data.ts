import { randomUUID } from 'node:crypto';
import type { Db } from '../../src/db/types.js';
import { addToWaitlist } from '../../src/modules/classes/admin.js';
import { bookClass } from '../../src/modules/classes/book.js';
import { createOneOffClass } from '../../src/modules/classes/one-off.js';
import { createSeries } from '../../src/modules/classes/series.js';
import type { Target } from './authorization-decisions.js';

/** A class service at the place, open to drop-ins (no entitlement needed). */
export async function classServiceAt(db: Db, t: Target): Promise<string> {
  const id = randomUUID();
  await db.run(
    db.qb.insertInto('services').values({
      id,
      company_id: t.company.companyId,
      location_id: t.location,
      name: 'Spin',
      description: null,
      category: null,
      kind: 'class',
      duration_minutes: 45,
      price_cents: 1500,
      buffer_before_minutes: 0,
      buffer_after_minutes: 0,
      room_id: null,
      requires_entitlement: 0,
      free_classes: 0,
      first_timers_only: 0,
      created_at: new Date(t.clock()).toISOString(),
    }),
  );
  return id;
}

/** A one-off class at the place starting `minutes` after the app's clock. */
export async function classAt(db: Db, t: Target, minutes = 2 * 24 * 60, capacity = 5): Promise<string> {
  const service = await classServiceAt(db, t);
  const start = new Date(t.clock() + minutes * 60_000).toISOString();
  return (await createOneOffClass(db, t.company.business, { location_id: t.location, service_id: service, start, capacity }, t.clock)).id;
}

/**
 * A drop-in at the place with the form signed and no membership: the place's own contact may hold
 * memberships other decisions made (a past-due one would block a check-in).
 */
export async function dropInAt(db: Db, t: Target): Promise<string> {
  const id = randomUUID();
  const at = new Date(t.clock()).toISOString();
  await db.run(
    db.qb.insertInto('contacts').values({
      id,
      company_id: t.company.companyId,
      location_id: t.location,
      first_name: 'Drop',
      last_name: 'In',
      phone: null,
      email: null,
      notes: null,
      search_text: 'drop in',
      created_at: at,
      updated_at: at,
      form_signed_at: at,
    }),
  );
  return id;
}

/** A class at the place with `contact` (default the place's) booked. */
export async function bookedClassAt(db: Db, t: Target, minutes?: number, contact = t.contact): Promise<string> {
  const id = await classAt(db, t, minutes);
  await bookClass(db, t.company.business, id, { contact_id: contact }, t.clock);
  return id;
}

/** A full class at the place with the place's contact and a drop-in waiting: answers the class and the contact's entry. */
export async function waitlistAt(db: Db, t: Target): Promise<{ cls: string; entry: string }> {
  const cls = await classAt(db, t, 2 * 24 * 60, 1);
  await bookClass(db, t.company.business, cls, { contact_id: await dropInAt(db, t) }, t.clock);
  const entry = await addToWaitlist(db, t.company.business, cls, t.contact, t.clock());
  await addToWaitlist(db, t.company.business, cls, await dropInAt(db, t), t.clock());
  return { cls, entry: entry.waitlist_id };
}

/** A weekly series at the place over the next four weeks. */
export async function seriesAt(db: Db, t: Target): Promise<string> {
  const service = await classServiceAt(db, t);
  const day = (days: number) => new Date(t.clock() + days * 86_400_000).toISOString().slice(0, 10);
  const made = await createSeries(
    db,
    t.company.business,
    { location_id: t.location, service_id: service, weekdays: [1, 3, 5], start_time: '18:00', capacity: 8, starts_on: day(1), ends_on: day(28) },
    t.clock,
  );
  return made.id;
}

export const dayAfterClock = (t: Target, days: number) => new Date(t.clock() + days * 86_400_000).toISOString().slice(0, 10);
