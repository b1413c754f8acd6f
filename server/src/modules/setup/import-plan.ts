import { randomUUID } from 'node:crypto';
import type { CompanyInput } from '../companies/repository.js';
import { defaultLocationSettings } from '../locations/settings.js';
import { planContext, type ExistingEntries, type FileSections, type ImportRows, type KeyClaim, type PlanContext, type Placed, type PlannedSeries } from './import-context.js';
import type { ParsedImport } from './import-parse.js';
import { fileCodeCardClashes, fileReversedCardClashes } from './import-namespace.js';
import { planClasses } from './import-plan-classes.js';
import { planPeople } from './import-plan-people.js';
import { planStaff } from './import-plan-staff.js';
import type { Problems } from './import-problems.js';

/** Everything an import will write, decided and checked before a single row is written. */
export interface ImportPlan {
  companyId: string;
  /** The company to create, or null when the import adds to an existing one (or the file lacks its company). */
  newCompany: CompanyInput | null;
  /** The import adds to an existing company (`--company`), which must then be in the database. */
  intoExisting: boolean;
  sections: FileSections;
  rows: ImportRows;
  /** Who in the file holds each match key, to name both sides of a clash with the database. */
  keyClaims: ReadonlyMap<string, KeyClaim>;
  /** The class series, whose classes are not in `rows`: they are expanded as they are written. */
  series: PlannedSeries[];
}

/**
 * Resolves every reference of the file's schema-valid entries into rows, to the file's entries or
 * the company's `existing` ones, adding every problem found to `problems`: the plan of a file with
 * problems is never written, but its counts and its clashes with the database are still reported.
 */
export function planImport(parsed: ParsedImport, existing: ExistingEntries, existingCompanyId: string | undefined, now: string, problems: Problems): ImportPlan {
  const newCompany = planCompany(parsed, existingCompanyId, problems);
  const companyId = existingCompanyId ?? newCompany?.id ?? randomUUID();
  const ctx = planContext(parsed, existing, companyId, now, problems);
  planLocations(ctx);
  planStaff(ctx);
  planRooms(ctx);
  planServices(ctx);
  planPlansAndPackages(ctx);
  planPeople(ctx);
  fileCodeCardClashes(ctx.keyClaims, problems);
  fileReversedCardClashes(ctx.keyClaims, problems);
  planClasses(ctx);
  return { companyId, newCompany, intoExisting: existingCompanyId !== undefined, sections: ctx.sections, rows: ctx.rows, keyClaims: ctx.keyClaims, series: ctx.series };
}

function planCompany(file: ParsedImport, existingCompanyId: string | undefined, problems: Problems): (CompanyInput & { id: string }) | null {
  if (existingCompanyId !== undefined) {
    // The file may still carry its company (the same file imported elsewhere); it must be this one.
    if (file.company?.id !== undefined && file.company.id !== existingCompanyId) {
      problems.add('company.id', `the file is for company ${file.company.id}, not ${existingCompanyId}`);
    }
    return null;
  }
  if (!file.company) {
    if (!file.companyBroken) problems.add('company', 'required, unless the import adds to an existing company');
    return null;
  }
  return { ...file.company, id: file.company.id ?? randomUUID() };
}

/** The location an entry is bound to, resolved and remembered for entries that point at it. */
function placeAt(ctx: PlanContext, item: Placed<{ location: string }>): string | undefined {
  const location = ctx.resolve('locations', item.entry.location, item, 'location')?.id;
  if (location) ctx.locationOf.set(item.id, location);
  return location;
}

function planLocations(ctx: PlanContext): void {
  const slugs = new Map<string, string>();
  for (const { entry, id, label } of ctx.sections.locations.items) {
    const holder = slugs.get(entry.slug);
    if (holder) ctx.problems.add(label, `slug "${entry.slug}" is already used by ${holder}`);
    slugs.set(entry.slug, label);
    ctx.rows.locations.push({
      id,
      company_id: ctx.companyId,
      name: entry.name,
      slug: entry.slug,
      timezone: entry.timezone,
      country: entry.country,
      currency: entry.currency ?? null,
      address: entry.address ?? null,
      // Stored complete, defaults filled in: what the location runs by is visible in its row.
      settings: JSON.stringify(entry.settings ?? defaultLocationSettings(entry.country)),
      created_at: ctx.now,
    });
    ctx.known.locations.set(id, { country: entry.country, timezone: entry.timezone });
  }
}

function planRooms(ctx: PlanContext): void {
  for (const item of ctx.sections.rooms.items) {
    const location = placeAt(ctx, item);
    if (!location) continue;
    ctx.rows.rooms.push({ id: item.id, company_id: ctx.companyId, location_id: location, name: item.entry.name, created_at: ctx.now });
  }
}

function planServices(ctx: PlanContext): void {
  for (const item of ctx.sections.services.items) {
    const { entry, id, label } = item;
    const location = placeAt(ctx, item);
    const room = entry.room === undefined ? undefined : ctx.resolve('rooms', entry.room, item, 'room');
    if (room && location && ctx.locationOf.get(room.id) !== location) {
      ctx.problems.add(label, `room "${entry.room}" is at another location than the service`);
    }
    const staffIds = new Set<string>();
    entry.staff.forEach((reference, index) => {
      const staff = ctx.resolve('staff', reference, item, `staff[${index}]`);
      if (staff) staffIds.add(staff.id);
    });
    if (!location) continue;
    ctx.rows.services.push({
      id,
      company_id: ctx.companyId,
      location_id: location,
      name: entry.name,
      description: entry.description ?? null,
      category: entry.category ?? null,
      kind: entry.kind,
      duration_minutes: entry.duration_minutes,
      price_cents: entry.price_cents,
      buffer_before_minutes: entry.buffer_before_minutes,
      buffer_after_minutes: entry.buffer_after_minutes,
      room_id: room?.id ?? null,
      requires_entitlement: Number(entry.requires_entitlement),
      free_classes: entry.free_classes,
      first_timers_only: Number(entry.first_timers_only),
      created_at: ctx.now,
    });
    for (const staffId of staffIds) ctx.rows.service_staff.push({ service_id: id, staff_id: staffId });
    ctx.known.services.set(id, { kind: entry.kind, location_id: location, duration_minutes: entry.duration_minutes, room_id: room?.id ?? null });
    if (staffIds.size) ctx.known.serviceStaff.set(id, staffIds);
  }
}

/** JSON list of the ids `references` name in `target`, or null when the list is not given. */
function idList(ctx: PlanContext, target: 'locations' | 'services', references: string[] | undefined, from: Placed<unknown>, field: string): string | null {
  if (references === undefined) return null;
  const ids = references.map((reference, index) => ctx.resolve(target, reference, from, `${field}[${index}]`)?.id);
  return JSON.stringify([...new Set(ids.filter((id) => id !== undefined))]);
}

function planPlansAndPackages(ctx: PlanContext): void {
  for (const item of ctx.sections.membership_plans.items) {
    const { entry, id } = item;
    const location = placeAt(ctx, item);
    const access = idList(ctx, 'locations', entry.access_locations, item, 'access_locations');
    const covered = idList(ctx, 'services', entry.covered_services, item, 'covered_services');
    if (!location) continue;
    ctx.rows.membership_plans.push({
      id,
      company_id: ctx.companyId,
      location_id: location,
      name: entry.name,
      price_cents: entry.price_cents,
      billing_interval: entry.billing_interval,
      visit_limit: entry.visit_limit ?? null,
      visit_period: entry.visit_period ?? null,
      class_limit_per_week: entry.class_limit_per_week ?? null,
      access_location_ids: access,
      covered_service_ids: covered,
      created_at: ctx.now,
      door_checkin_consumes: entry.door_checkin_consumes ?? 'visit',
    });
  }
  for (const item of ctx.sections.package_templates.items) {
    const { entry, id } = item;
    const location = placeAt(ctx, item);
    const covered = idList(ctx, 'services', entry.covered_services, item, 'covered_services');
    if (!location) continue;
    ctx.rows.package_templates.push({
      id,
      company_id: ctx.companyId,
      location_id: location,
      name: entry.name,
      price_cents: entry.price_cents,
      total_sessions: entry.total_sessions,
      covered_service_ids: covered,
      created_at: ctx.now,
      door_checkin_consumes: entry.door_checkin_consumes ?? 'visit',
    });
    ctx.known.packageSessions.set(id, entry.total_sessions);
  }
}
