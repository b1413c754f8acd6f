import { randomUUID } from 'node:crypto';
import { openDatabase } from '@studio/server/src/db/dialects/open.js';

/**
 * What the class tests need beside the seeded business, written straight into its database as the
 * setup side stores it (the web tests' import file has no classes): a class service at a location
 * that needs a covering plan, an instructor who teaches it, and a drop-in with the form signed.
 */
export async function addClassService(databaseUrl: string, companyId: string, locationId: string) {
  const db = await openDatabase(databaseUrl);
  const at = new Date().toISOString();
  const ids = { service: randomUUID(), instructor: randomUUID(), dropIn: randomUUID() };
  try {
    await db.run(db.qb.insertInto('staff').values({ id: ids.instructor, company_id: companyId, first_name: 'Ivy', last_name: 'Instructor', email: null, created_at: at }));
    await db.run(
      db.qb.insertInto('services').values({
        id: ids.service,
        company_id: companyId,
        location_id: locationId,
        name: 'Spin',
        description: null,
        category: null,
        kind: 'class',
        duration_minutes: 45,
        price_cents: 1500,
        buffer_before_minutes: 0,
        buffer_after_minutes: 0,
        room_id: null,
        requires_entitlement: 1,
        free_classes: 0,
        first_timers_only: 0,
        created_at: at,
      }),
    );
    await db.run(db.qb.insertInto('service_staff').values({ service_id: ids.service, staff_id: ids.instructor }));
    await db.run(
      db.qb.insertInto('contacts').values({
        id: ids.dropIn,
        company_id: companyId,
        location_id: locationId,
        first_name: 'Wanda',
        last_name: 'Waite',
        phone: null,
        email: 'wanda@example.com',
        notes: null,
        search_text: 'wanda waite wanda@example.com',
        created_at: at,
        updated_at: at,
        form_signed_at: at,
      }),
    );
  } finally {
    await db.close();
  }
  return ids;
}
