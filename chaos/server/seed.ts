import { randomUUID } from 'node:crypto';
import { openDatabase } from '../../server/src/db/dialects/open.js';
import type { Db } from '../../server/src/db/types.js';
import { createCompany } from '../../server/src/modules/companies/repository.js';
import { createKey } from '../../server/src/modules/keys/repository.js';

/**
 * What the server scenarios write to. Every operation has a target of its own (a membership to
 * check in, a contact to book, a pre-booked spot to check in), so "exactly once" is a count per
 * target and a half-written operation shows as a broken invariant, not as noise.
 */
export interface ServerWorld {
  key: string;
  companyId: string;
  locationId: string;
  classIds: string[];
  /** Package memberships for facility check-ins, one operation each. */
  checkInMemberships: string[];
  /** Contacts to book, one class each (contact i books class i mod classes). */
  bookingContacts: { contactId: string; classId: string }[];
  /** Spots booked at seed time on a package, to check in (consumes a credit: a visit of kind class). */
  classCheckIns: { contactId: string; classId: string; membershipId: string }[];
}

export interface WorldSize {
  checkIns: number;
  bookings: number;
  classCheckIns: number;
  classes: number;
}

const credits = 5;

async function insertMany<T>(db: Db, rows: T[], insert: (batch: T[]) => Parameters<Db['run']>[0]): Promise<void> {
  await db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += 300) await tx.run(insert(rows.slice(i, i + 300)));
  });
}

/** Seeds a company of package members and classes later today, open for check-in, and mints a key for all of it. */
export async function seedServerWorld(databaseUrl: string, size: WorldSize): Promise<ServerWorld> {
  const db = await openDatabase(databaseUrl);
  try {
    const now = new Date().toISOString();
    const company = await createCompany(db, { name: 'Chaos Gym', key_prefix: 'chaos' });
    const base = { company_id: company.id, created_at: now };
    const locationId = randomUUID();
    // Class check-in opens a day ahead here (the widest window a location may set), so the classes below may be checked into now.
    const settings = JSON.stringify({ classes: { checkin_opens_minutes_before: 1440 } });
    await db.run(db.qb.insertInto('locations').values({ ...base, id: locationId, name: 'Chaos', slug: 'chaos', timezone: 'UTC', country: 'US', address: null, settings }));
    const templateId = randomUUID();
    await db.run(
      db.qb.insertInto('package_templates').values({ ...base, id: templateId, location_id: locationId, name: 'Five pack', price_cents: 5000, total_sessions: credits, covered_service_ids: null }),
    );
    const serviceId = randomUUID();
    await db.run(
      db.qb.insertInto('services').values({
        ...base,
        id: serviceId,
        location_id: locationId,
        name: 'Chaos Flow',
        description: null,
        category: 'fitness',
        kind: 'class',
        duration_minutes: 60,
        price_cents: 1500,
        buffer_before_minutes: 0,
        buffer_after_minutes: 0,
        room_id: null,
        requires_entitlement: 0,
        free_classes: 0,
        first_timers_only: 0,
      }),
    );
    const classIds: string[] = [];
    const classes = [];
    // The next full hour: every class starts 9 to 18 hours from now, inside its check-in window.
    const dayStart = Math.ceil(Date.now() / 3_600_000) * 3_600_000;
    // Room for every booking and pre-booked spot each class gets (they go round the classes separately).
    const perClass = Math.ceil(size.bookings / size.classes) + Math.ceil(size.classCheckIns / size.classes);
    for (let c = 0; c < size.classes; c++) {
      const id = randomUUID();
      classIds.push(id);
      const start = dayStart + (8 + (c % 10)) * 3_600_000;
      classes.push({
        ...base,
        id,
        location_id: locationId,
        service_id: serviceId,
        staff_id: null,
        room_id: null,
        series_id: null,
        start_at: new Date(start).toISOString(),
        end_at: new Date(start + 3_600_000).toISOString(),
        capacity: perClass,
        status: 'scheduled' as const,
      });
    }
    await insertMany(db, classes, (batch) => db.qb.insertInto('classes').values(batch));

    const total = size.checkIns + size.bookings + size.classCheckIns;
    const contacts = [],
      memberships = [];
    for (let i = 0; i < total; i++) {
      const contactId = randomUUID();
      contacts.push({
        ...base,
        id: contactId,
        location_id: locationId,
        first_name: `Chaos${i}`,
        last_name: 'Member',
        phone: null,
        email: null,
        notes: null,
        search_text: `chaos${i} member`,
        updated_at: now,
        form_signed_at: now,
      });
      memberships.push({
        ...base,
        id: randomUUID(),
        contact_id: contactId,
        location_id: locationId,
        kind: 'package' as const,
        plan_id: null,
        package_template_id: templateId,
        status: 'active',
        member_code: null,
        start_date: '2020-01-01',
        end_date: null,
        credits_total: credits,
        updated_at: now,
      });
    }
    await insertMany(db, contacts, (batch) => db.qb.insertInto('contacts').values(batch));
    await insertMany(db, memberships, (batch) => db.qb.insertInto('memberships').values(batch));

    const checkInMemberships = memberships.slice(0, size.checkIns).map((m) => m.id);
    const bookingContacts = memberships.slice(size.checkIns, size.checkIns + size.bookings).map((m, i) => ({ contactId: m.contact_id, classId: classIds[i % classIds.length]! }));
    const classCheckIns = memberships.slice(size.checkIns + size.bookings).map((m, i) => ({ contactId: m.contact_id, membershipId: m.id, classId: classIds[i % classIds.length]! }));
    const attendees = classCheckIns.map((spot) => ({
      id: randomUUID(),
      company_id: company.id,
      class_id: spot.classId,
      contact_id: spot.contactId,
      status: 'reserved' as const,
      paid_by: 'package' as const,
      membership_id: spot.membershipId,
      source: 'staff' as const,
      excused: 0,
      visit_id: null,
      guest_of_contact_id: null,
      booked_at: now,
      checked_in_at: null,
      cancelled_at: null,
      updated_at: now,
    }));
    await insertMany(db, attendees, (batch) => db.qb.insertInto('class_attendees').values(batch));
    const { key } = await createKey(db, { companyId: company.id, scopes: 'all', locationIds: 'all', name: 'chaos' });
    return { key, companyId: company.id, locationId, classIds, checkInMemberships, bookingContacts, classCheckIns };
  } finally {
    await db.close();
  }
}
