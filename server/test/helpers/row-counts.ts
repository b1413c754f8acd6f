import type { Tables } from '../../src/db/tables.js';
import type { Db } from '../../src/db/types.js';

/** Every table of the schema, so "nothing changed" is checked everywhere, not where we expect it. */
export const allTables = [
  'schema_migrations',
  'server_settings',
  'companies',
  'api_keys',
  'locations',
  'staff',
  'staff_hours',
  'rooms',
  'services',
  'service_staff',
  'membership_plans',
  'package_templates',
  'contacts',
  'memberships',
  'credentials',
  'credential_keys',
  'gift_cards',
  'class_series',
  'classes',
  'visits',
  'checkin_denials',
  'idempotency_keys',
  'staff_overrides',
  'staff_time_off',
  'bookings',
  'import_fingerprints',
] as const satisfies readonly (keyof Tables)[];

export async function rowCounts(db: Db): Promise<Record<(typeof allTables)[number], number>> {
  const counts = {} as Record<(typeof allTables)[number], number>;
  for (const table of allTables) {
    const row = await db.first(db.qb.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')));
    counts[table] = Number(row!.n);
  }
  return counts;
}
