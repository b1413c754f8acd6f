import { memberCodeKey } from '@studio/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/types.js';
import { emptyFacts, type ExistingEntries } from './import-context.js';
import { entryLabel, type Problems } from './import-problems.js';
import { existingSectionNames, type Existing, type ExistingSectionName } from './import-schema.js';

/** A row found for an existing entry, with what the planners need to know of it. */
interface Candidate {
  id: string;
  location_id?: string;
}

const nouns: Record<ExistingSectionName, [string, string]> = {
  locations: ['location', 'locations'],
  staff: ['staff member', 'staff members'],
  rooms: ['room', 'rooms'],
  services: ['service', 'services'],
  membership_plans: ['membership plan', 'membership plans'],
  package_templates: ['package template', 'package templates'],
  contacts: ['contact', 'contacts'],
};

/**
 * Finds the entries of the file's `existing` section in the target company: each by its id or its
 * one natural key, never by guess. Not found, or found more than once, is a problem of that entry
 * naming what was looked for (and the ids found), so the author can give an `id` instead.
 */
export async function findExisting(db: Db, existing: Existing, companyId: string | undefined, problems: Problems): Promise<ExistingEntries> {
  const found: ExistingEntries = {
    sections: Object.fromEntries(existingSectionNames.map((name) => [name, []])) as unknown as ExistingEntries['sections'],
    facts: emptyFacts(),
    locationOf: new Map(),
    unfound: Object.fromEntries(existingSectionNames.map((name) => [name, new Set<string>()])) as ExistingEntries['unfound'],
  };
  const declared = existingSectionNames.some((name) => existing[name].length > 0);
  if (!declared) return found;
  if (companyId === undefined) {
    problems.add('existing', 'entries that already exist belong to a company the file is imported into: import with --company (the web app imports into your own)');
    return found;
  }
  // No such company is the database check's problem; every entry "not found" would bury it.
  if (!(await db.first(db.qb.selectFrom('companies').select('id').where('id', '=', companyId)))) return found;

  const finder = new Finder(db, companyId);
  for (const name of existingSectionNames) {
    for (const [index, entry] of existing[name].entries()) {
      const label = `existing.${entryLabel(name, index, entry)}`;
      const candidates = await finder.candidates(name, entry, found, label, problems);
      if (candidates?.length !== 1) found.unfound[name].add(entry.ref);
      if (candidates === undefined) continue;
      const [singular, plural] = nouns[name];
      const wanted = describe(entry);
      if (candidates.length === 0) {
        problems.add(label, `no ${singular} with ${wanted} in this company`);
        continue;
      }
      if (candidates.length > 1) {
        problems.add(label, `${candidates.length} ${plural} have ${wanted} in this company (${candidates.map((c) => c.id).join(', ')}): give "id"${locatable.has(name) ? ' or "location"' : ''}`);
        continue;
      }
      const row = candidates[0]!;
      found.sections[name].push({ ref: entry.ref, id: row.id, label, entry: undefined });
      if (row.location_id !== undefined) found.locationOf.set(row.id, row.location_id);
    }
  }
  await finder.loadFacts(found);
  return found;
}

/** The sections whose entries are at a location, so a name may be narrowed by one. */
const locatable = new Set<ExistingSectionName>(['rooms', 'services', 'membership_plans', 'package_templates']);

/** `slug "north"`, `name "Yoga" at location "main"`: what an entry was looked up by. */
function describe(entry: Record<string, unknown>): string {
  const [key, value] = Object.entries(entry).find(([field, v]) => field !== 'ref' && field !== 'location' && v !== undefined)!;
  const at = typeof entry.location === 'string' ? ` at location "${entry.location}"` : '';
  return `${key} ${JSON.stringify(value)}${at}`;
}

const lower = (column: string) => sql<string>`lower(${sql.ref(column)})`;

class Finder {
  constructor(
    private readonly db: Db,
    private readonly companyId: string,
  ) {}

  /** The rows an entry's key matches in the company, or undefined after reporting why it cannot be looked up. */
  async candidates(name: ExistingSectionName, entry: Record<string, unknown>, found: ExistingEntries, label: string, problems: Problems): Promise<Candidate[] | undefined> {
    const { db, companyId } = this;
    const id = entry.id as string | undefined;
    switch (name) {
      case 'locations': {
        const query = db.qb.selectFrom('locations').select('id').where('company_id', '=', companyId);
        return db.all(id ? query.where('id', '=', id) : query.where('slug', '=', entry.slug as string));
      }
      case 'staff': {
        const rows = await db.all(db.qb.selectFrom('staff').select(['id', 'first_name', 'last_name', 'email']).where('company_id', '=', companyId));
        const fold = (text: string | null | undefined) => (text ?? '').trim().replace(/\s+/g, ' ').toLowerCase();
        if (id) return rows.filter((row) => row.id === id);
        if (entry.email !== undefined) return rows.filter((row) => fold(row.email) === fold(entry.email as string));
        return rows.filter((row) => fold(`${row.first_name} ${row.last_name ?? ''}`) === fold(entry.name as string));
      }
      case 'rooms':
      case 'services':
      case 'membership_plans':
      case 'package_templates': {
        let location: string | undefined;
        if (typeof entry.location === 'string') {
          location = found.sections.locations.find((item) => item.ref === entry.location)?.id;
          if (!location) {
            problems.add(label, `location "${entry.location}" is not an entry of existing.locations`);
            return undefined;
          }
        }
        let query = db.qb.selectFrom(name).select(['id', 'location_id']).where('company_id', '=', companyId);
        query = id ? query.where('id', '=', id) : query.where(lower('name'), '=', (entry.name as string).toLowerCase());
        if (location) query = query.where('location_id', '=', location);
        return db.all(query.orderBy('id'));
      }
      case 'contacts': {
        const query = db.qb.selectFrom('contacts').select('id').where('company_id', '=', companyId);
        if (id) return db.all(query.where('id', '=', id));
        if (entry.email !== undefined) return db.all(query.where(lower('email'), '=', (entry.email as string).toLowerCase()).orderBy('id'));
        let key: string;
        try {
          key = memberCodeKey(entry.member_code as string);
        } catch (error) {
          problems.add(label, (error as Error).message);
          return undefined;
        }
        // The gate's comparison: the live code key, whatever its case and spaces.
        const holders = await db.all(
          db.qb
            .selectFrom('credential_keys as k')
            .innerJoin('memberships as m', 'm.id', 'k.membership_id')
            .select('m.contact_id as id')
            .where('k.company_id', '=', companyId)
            .where('k.kind', '=', 'code')
            .where('k.match_key', '=', key)
            .where('k.revoked_at', 'is', null),
        );
        return [...new Set(holders.map((row) => row.id))].map((contact) => ({ id: contact }));
      }
    }
  }

  /** What the planners read of existing locations, services and packages (zone and country, kind and staff, sessions). */
  async loadFacts(found: ExistingEntries): Promise<void> {
    const { db } = this;
    const ids = (name: ExistingSectionName) => found.sections[name].map((item) => item.id);
    // A service or package may be at a location the file does not declare: its facts are needed all the same.
    const locationIds = [...new Set([...ids('locations'), ...found.locationOf.values()])];
    if (locationIds.length) {
      for (const row of await db.all(db.qb.selectFrom('locations').select(['id', 'country', 'timezone']).where('id', 'in', locationIds))) {
        found.facts.locations.set(row.id, { country: row.country, timezone: row.timezone });
      }
    }
    const services = ids('services');
    if (services.length) {
      for (const row of await db.all(db.qb.selectFrom('services').select(['id', 'kind', 'location_id', 'duration_minutes', 'room_id']).where('id', 'in', services))) {
        const { id, ...facts } = row;
        found.facts.services.set(id, facts);
      }
      for (const row of await db.all(db.qb.selectFrom('service_staff').select(['service_id', 'staff_id']).where('service_id', 'in', services))) {
        found.facts.serviceStaff.set(row.service_id, (found.facts.serviceStaff.get(row.service_id) ?? new Set()).add(row.staff_id));
      }
    }
    const packages = ids('package_templates');
    if (packages.length) {
      for (const row of await db.all(db.qb.selectFrom('package_templates').select(['id', 'total_sessions']).where('id', 'in', packages))) {
        found.facts.packageSessions.set(row.id, row.total_sessions);
      }
    }
  }
}
