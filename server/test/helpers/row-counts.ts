import { expect } from 'vitest';
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
  'checkin_overrides',
  'desk_scans',
  'idempotency_keys',
  'staff_overrides',
  'staff_time_off',
  'bookings',
  'import_fingerprints',
  'staff_accounts',
  'staff_sessions',
  'staff_login_attempts',
  'staff_setup_tokens',
  'staff_password_links',
  'staff_audit_log',
] as const satisfies readonly (keyof Tables)[];

export async function rowCounts(db: Db): Promise<Record<(typeof allTables)[number], number>> {
  const counts = {} as Record<(typeof allTables)[number], number>;
  for (const table of allTables) {
    const row = await db.first(db.qb.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')));
    counts[table] = Number(row!.n);
  }
  return counts;
}

/** The error `work` is refused with, of class `kind`, after checking that it left every table as it was. */
export async function refusedLeavingNoTrace<E extends Error>(db: Db, kind: abstract new (...args: never[]) => E, work: () => Promise<unknown>): Promise<E> {
  const before = await rowCounts(db);
  const error = await work().then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(kind);
  expect(await rowCounts(db)).toEqual(before);
  return error as E;
}
