import { candidateKeys, MatchingProfile } from '@studio/shared';
import type { Kysely } from 'kysely';
import { padded, prepared } from '../../db/prepared.js';
import type { Tables } from '../../db/tables.js';
import type { Db, Queryable } from '../../db/types.js';
import type { LocationRow } from '../locations/lookup.js';
import { checkinRules } from '../locations/settings.js';
import { countedSince, countedVisits, factColumns, factsCountingVisits, type FactRow, type MembershipFacts } from './facts.js';
import type { Match } from './identifier-lookup.js';

/**
 * Everything a scan at the door needs, in one statement: the location, the live credential keys
 * the identifier may be read as, and the facts of the memberships they belong to with their
 * counted visits. The location's matching profile is only known from its row, so the keys looked
 * up are every reading any profile allows; the location's own profile then picks among them.
 */

/** Every reading any matching profile allows: a superset of what the location's profile yields. */
const everyReading = MatchingProfile.parse({ formats: { hex: true, decimal: true, wiegand26: true }, byte_order: 'both' });
const keyArity = 12;
type Twelve = [string, string, string, string, string, string, string, string, string, string, string, string];

const scanQuery = prepared(
  (
    qb: Kysely<Tables>,
    locationId: string,
    companyId: string,
    week: string,
    month: string,
    quarter: string,
    year: string,
    k0: string,
    k1: string,
    k2: string,
    k3: string,
    k4: string,
    k5: string,
    k6: string,
    k7: string,
    k8: string,
    k9: string,
    k10: string,
    k11: string,
  ) =>
    qb
      .selectFrom('locations as l')
      .leftJoin('credential_keys as k', (join) =>
        join.onRef('k.company_id', '=', 'l.company_id').on('k.match_key', 'in', [k0, k1, k2, k3, k4, k5, k6, k7, k8, k9, k10, k11]).on('k.revoked_at', 'is', null),
      )
      .leftJoin('memberships as m', (join) => join.onRef('m.id', '=', 'k.membership_id').onRef('m.company_id', '=', 'l.company_id'))
      .leftJoin('contacts as c', 'c.id', 'm.contact_id')
      .leftJoin('membership_plans as p', 'p.id', 'm.plan_id')
      .leftJoin('package_templates as t', 't.id', 'm.package_template_id')
      .select(['l.id as location_id', 'l.company_id as location_company_id', 'l.name as location_name', 'l.slug', 'l.timezone', 'l.country', 'l.address', 'l.settings'])
      .select(['k.match_key', 'k.kind as resolved_by'])
      .select((eb) => [...factColumns(eb as never), countedVisits(eb as never, { week, month, quarter, year })])
      .where('l.id', '=', locationId)
      .where('l.company_id', '=', companyId),
);

type ScanRow = FactRow & {
  counted_visits: string | null;
  location_id: string;
  location_company_id: string;
  location_name: string;
  slug: string;
  timezone: string;
  country: string;
  address: string | null;
  settings: string;
  match_key: string | null;
  resolved_by: Match['resolved_by'] | null;
};

export interface Scan {
  location: LocationRow;
  /** The membership the identifier reads as at this location; null when none. */
  found: ScanMatch | null;
}

/** A membership found by a scan, its facts still to be taken at the time of the check-in. */
export interface ScanMatch {
  membership_id: string;
  contact_id: string;
  resolved_by: Match['resolved_by'];
  row: ScanRow;
}

/**
 * The location (undefined when it is not the company's) and the membership an identifier belongs
 * to there, as `findByIdentifier` would answer; null when the identifier has more readings than
 * the statement takes (the caller asks requireLocation and findByIdentifier instead). Counted
 * visits are read from the longest period holding `countFrom` back: the facts may be taken at
 * any time from then on.
 */
export async function scanAtLocation(db: Db, sql: Queryable, companyId: string, locationId: string, identifier: string, countFrom: Date): Promise<Scan | undefined | null> {
  const keys = padded(candidateKeys(identifier, everyReading), keyArity);
  if (!keys) return null;
  const since = countedSince(countFrom);
  const rows = (await sql.all(scanQuery(db, locationId, companyId, since.week, since.month, since.quarter, since.year, ...(keys as Twelve)))) as ScanRow[];
  const first = rows[0];
  if (!first) return undefined;
  const location: LocationRow = {
    id: first.location_id,
    company_id: first.location_company_id,
    name: first.location_name,
    slug: first.slug,
    timezone: first.timezone,
    country: first.country,
    address: first.address,
    settings: first.settings,
  };
  const byKey = new Map(rows.filter((row) => row.match_key !== null && row.id !== null).map((row) => [row.match_key, row]));
  // The most specific reading the location's profile allows wins, as findByIdentifier picks.
  for (const candidate of candidateKeys(identifier, checkinRules(location).matching_profile)) {
    const row = byKey.get(candidate);
    if (row) return { location, found: { membership_id: row.id, contact_id: row.contact_id, resolved_by: row.resolved_by!, row } };
  }
  return { location, found: null };
}

/** The facts of a scanned membership at `at`, no earlier than the scan's `countFrom`, as loadFacts gives them. */
export function scannedFacts(found: ScanMatch, location: LocationRow, at: Date): MembershipFacts {
  return factsCountingVisits(found.row, location, at);
}
