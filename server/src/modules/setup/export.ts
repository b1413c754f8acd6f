import { ApiError } from '@studio/shared';
import type { Db } from '../../db/types.js';
import { exportRefs, type RefNamer } from './export-refs.js';

/** Rows per `in (...)` list: well under either dialect's bound-parameter limit. */
const idsPerQuery = 500;

/** A field that is null in the database is left out of the file: the import format has no nulls. */
function compact<T extends Record<string, unknown>>(entry: T): { [K in keyof T]: Exclude<T[K], null> } {
  return Object.fromEntries(Object.entries(entry).filter(([, value]) => value !== null && value !== undefined)) as { [K in keyof T]: Exclude<T[K], null> };
}

const minutesBetween = (start: string, end: string) => Math.round((Date.parse(end) - Date.parse(start)) / 60_000);

/**
 * The whole company as an import file (docs/import-format.md): what `studio import` reads back into
 * an empty database to make the same business, every entry with its id. Refs are made from names
 * (a location's is its slug). Secrets never leave: no API keys, no staff accounts or passwords;
 * history is not part of the format (visits, bookings, sales: `studio backup` copies those).
 */
export async function exportBusiness(db: Db, companyId: string): Promise<Record<string, unknown>> {
  const company = await db.first(db.qb.selectFrom('companies').select(['id', 'name', 'key_prefix']).where('id', '=', companyId));
  if (!company) throw new ApiError('resource_missing', `No company ${companyId}.`, { param: 'company' });
  const q = db.qb;
  const locations = await db.all(q.selectFrom('locations').selectAll().where('company_id', '=', companyId).orderBy('slug'));
  const staff = await db.all(q.selectFrom('staff').selectAll().where('company_id', '=', companyId).orderBy('first_name').orderBy('last_name').orderBy('id'));
  const rooms = await db.all(q.selectFrom('rooms').selectAll().where('company_id', '=', companyId).orderBy('name').orderBy('id'));
  const services = await db.all(q.selectFrom('services').selectAll().where('company_id', '=', companyId).orderBy('name').orderBy('id'));
  const plans = await db.all(q.selectFrom('membership_plans').selectAll().where('company_id', '=', companyId).orderBy('name').orderBy('id'));
  const packages = await db.all(q.selectFrom('package_templates').selectAll().where('company_id', '=', companyId).orderBy('name').orderBy('id'));
  const contacts = await db.all(q.selectFrom('contacts').selectAll().where('company_id', '=', companyId).orderBy('first_name').orderBy('last_name').orderBy('id'));
  const memberships = await db.all(q.selectFrom('memberships').selectAll().where('company_id', '=', companyId).orderBy('start_date').orderBy('id'));
  const giftCards = await db.all(q.selectFrom('gift_cards').selectAll().where('company_id', '=', companyId).orderBy('code'));
  const series = await db.all(q.selectFrom('class_series').selectAll().where('company_id', '=', companyId).orderBy('starts_on').orderBy('id'));
  const oneOffClasses = await db.all(db.qb.selectFrom('classes').selectAll().where('company_id', '=', companyId).where('series_id', 'is', null).orderBy('start_at').orderBy('id'));

  const staffIds = staff.map((row) => row.id);
  const hours = await inBatches(staffIds, (ids) => db.all(db.qb.selectFrom('staff_hours').selectAll().where('staff_id', 'in', ids).orderBy('weekday').orderBy('start_time').orderBy('id')));
  const overrides = await inBatches(staffIds, (ids) => db.all(db.qb.selectFrom('staff_overrides').selectAll().where('staff_id', 'in', ids).orderBy('date').orderBy('start_time').orderBy('id')));
  const timeOff = await inBatches(staffIds, (ids) => db.all(db.qb.selectFrom('staff_time_off').selectAll().where('staff_id', 'in', ids).orderBy('start_at').orderBy('id')));
  const serviceStaff = await inBatches(
    services.map((row) => row.id),
    (ids) => db.all(db.qb.selectFrom('service_staff').selectAll().where('service_id', 'in', ids)),
  );
  const cards = await db.all(
    db.qb.selectFrom('credentials').select(['membership_id', 'value', 'format']).where('company_id', '=', companyId).where('revoked_at', 'is', null).orderBy('created_at').orderBy('value'),
  );

  const refs = {
    locations: exportRefs(locations, (row) => row.slug),
    staff: exportRefs(staff, (row) => `${row.first_name} ${row.last_name ?? ''}`),
    rooms: exportRefs(rooms, (row) => row.name),
    services: exportRefs(services, (row) => row.name),
    plans: exportRefs(plans, (row) => row.name),
    packages: exportRefs(packages, (row) => row.name),
    contacts: exportRefs(contacts, (row) => `${row.first_name} ${row.last_name ?? ''}`),
  };
  const refList = (namer: RefNamer, json: string | null) => (json === null ? null : (JSON.parse(json) as string[]).flatMap((id) => namer.known(id) ?? []));
  const byOwner = <R, K extends keyof R>(rows: R[], key: K) => {
    const grouped = new Map<R[K], R[]>();
    for (const row of rows) grouped.set(row[key], [...(grouped.get(row[key]) ?? []), row]);
    return grouped;
  };
  const hoursOf = byOwner(hours, 'staff_id');
  const overridesOf = byOwner(overrides, 'staff_id');
  const timeOffOf = byOwner(timeOff, 'staff_id');
  const staffOf = byOwner(serviceStaff, 'service_id');
  const cardsOf = byOwner(cards, 'membership_id');

  return {
    version: 1,
    company: { id: company.id, name: company.name, key_prefix: company.key_prefix },
    locations: locations.map((row) =>
      compact({
        ref: refs.locations.of(row.id),
        id: row.id,
        name: row.name,
        slug: row.slug,
        timezone: row.timezone,
        country: row.country,
        address: row.address,
        settings: JSON.parse(row.settings) as unknown,
      }),
    ),
    staff: staff.map((row) =>
      compact({
        ref: refs.staff.of(row.id),
        id: row.id,
        first_name: row.first_name,
        last_name: row.last_name,
        email: row.email,
        hours: (hoursOf.get(row.id) ?? []).map((span) => ({ location: refs.locations.of(span.location_id), weekday: span.weekday, start: span.start_time, end: span.end_time })),
        overrides: overrideEntries(overridesOf.get(row.id) ?? [], refs.locations),
        time_off: (timeOffOf.get(row.id) ?? []).map((off) => compact({ start: off.start_at, end: off.end_at, reason: off.reason })),
      }),
    ),
    rooms: rooms.map((row) => ({ ref: refs.rooms.of(row.id), id: row.id, location: refs.locations.of(row.location_id), name: row.name })),
    services: services.map((row) =>
      compact({
        ref: refs.services.of(row.id),
        id: row.id,
        location: refs.locations.of(row.location_id),
        name: row.name,
        description: row.description,
        category: row.category,
        kind: row.kind,
        duration_minutes: row.duration_minutes,
        price_cents: row.price_cents,
        buffer_before_minutes: row.buffer_before_minutes,
        buffer_after_minutes: row.buffer_after_minutes,
        room: row.room_id === null ? null : refs.rooms.of(row.room_id),
        staff: (staffOf.get(row.id) ?? []).map((link) => refs.staff.of(link.staff_id)).sort(),
        requires_entitlement: row.requires_entitlement === 1,
        free_classes: row.free_classes,
        first_timers_only: row.first_timers_only === 1,
      }),
    ),
    membership_plans: plans.map((row) =>
      compact({
        ref: refs.plans.of(row.id),
        id: row.id,
        location: refs.locations.of(row.location_id),
        name: row.name,
        price_cents: row.price_cents,
        billing_interval: row.billing_interval,
        visit_limit: row.visit_limit,
        visit_period: row.visit_period,
        class_limit_per_week: row.class_limit_per_week,
        access_locations: refList(refs.locations, row.access_location_ids),
        covered_services: refList(refs.services, row.covered_service_ids),
        door_checkin_consumes: row.door_checkin_consumes,
      }),
    ),
    package_templates: packages.map((row) =>
      compact({
        ref: refs.packages.of(row.id),
        id: row.id,
        location: refs.locations.of(row.location_id),
        name: row.name,
        price_cents: row.price_cents,
        total_sessions: row.total_sessions,
        covered_services: refList(refs.services, row.covered_service_ids),
        door_checkin_consumes: row.door_checkin_consumes,
      }),
    ),
    contacts: contacts.map((row) =>
      compact({
        ref: refs.contacts.of(row.id),
        id: row.id,
        location: refs.locations.of(row.location_id),
        first_name: row.first_name,
        last_name: row.last_name,
        phone: row.phone,
        email: row.email,
        notes: row.notes,
        form_signed_at: row.form_signed_at,
      }),
    ),
    memberships: memberships.map((row) =>
      compact({
        id: row.id,
        contact: refs.contacts.of(row.contact_id),
        plan: row.plan_id === null ? null : refs.plans.of(row.plan_id),
        package_template: row.package_template_id === null ? null : refs.packages.of(row.package_template_id),
        status: row.status,
        member_code: row.member_code,
        start_date: row.start_date,
        end_date: row.end_date,
        credits_total: row.credits_total,
        card_uids: (cardsOf.get(row.id) ?? []).map((card) => ({ uid: card.value, format: card.format ?? 'auto' })),
      }),
    ),
    gift_cards: giftCards.map((row) => ({
      id: row.id,
      location: refs.locations.of(row.location_id),
      code: row.code,
      initial_balance_cents: row.initial_balance_cents,
      current_balance_cents: row.current_balance_cents,
      status: row.status,
    })),
    classes: oneOffClasses.map((row) =>
      compact({
        id: row.id,
        location: refs.locations.of(row.location_id),
        service: refs.services.of(row.service_id),
        staff: row.staff_id === null ? null : refs.staff.of(row.staff_id),
        room: row.room_id === null ? null : refs.rooms.of(row.room_id),
        start: row.start_at,
        duration_minutes: minutesBetween(row.start_at, row.end_at),
        capacity: row.capacity,
        status: row.status,
      }),
    ),
    class_series: series.map((row) =>
      compact({
        id: row.id,
        location: refs.locations.of(row.location_id),
        service: refs.services.of(row.service_id),
        staff: row.staff_id === null ? null : refs.staff.of(row.staff_id),
        room: row.room_id === null ? null : refs.rooms.of(row.room_id),
        weekdays: JSON.parse(row.weekdays) as number[],
        start_time: row.start_time,
        duration_minutes: row.duration_minutes,
        capacity: row.capacity,
        starts_on: row.starts_on,
        ends_on: row.ends_on,
      }),
    ),
  };
}

/** One entry per staff member, location and date, its spans together; a day off has none. */
function overrideEntries(rows: { location_id: string; date: string; start_time: string | null; end_time: string | null }[], locations: RefNamer) {
  const days = new Map<string, { location: string; date: string; spans: { start: string; end: string }[] }>();
  for (const row of rows) {
    const key = `${row.location_id} ${row.date}`;
    const day = days.get(key) ?? { location: locations.of(row.location_id), date: row.date, spans: [] };
    if (row.start_time !== null && row.end_time !== null) day.spans.push({ start: row.start_time, end: row.end_time });
    days.set(key, day);
  }
  return [...days.values()];
}

async function inBatches<T>(ids: string[], read: (batch: string[]) => Promise<T[]>): Promise<T[]> {
  const rows: T[] = [];
  for (let i = 0; i < ids.length; i += idsPerQuery) rows.push(...(await read(ids.slice(i, i + idsPerQuery))));
  return rows;
}
