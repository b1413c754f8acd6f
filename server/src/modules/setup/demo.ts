import demoBusinessFile from '../../../examples/demo-business.json' with { type: 'json' };
import type { Db } from '../../db/types.js';
import { testCompanyOf } from '../companies/environments.js';
import { earlierImport, importFingerprint } from './import-fingerprint.js';
import { importBusiness } from './importer.js';

/**
 * The demo business, "Harbour Fitness & Spa": an ordinary import file with fixed ids
 * (server/examples/demo-business.json), part of the code so a built command carries it.
 */
export const demoBusiness: unknown = demoBusinessFile;

/** The `company.id` of the demo file (a test keeps the two equal). */
export const demoCompanyId = '91cf91b8-99c6-5a44-b688-06ce78b716e5';

/** Imports the demo business unless its company is already in the database. */
export async function seedDemo(db: Db): Promise<{ company_id: string; created: boolean }> {
  const exists = () => db.first(db.qb.selectFrom('companies').select('id').where('id', '=', demoCompanyId));
  if (await exists()) return { company_id: demoCompanyId, created: false };
  try {
    await importBusiness(db, structuredClone(demoBusiness));
  } catch (error) {
    // Two processes seeding one Postgres at once: the one that lost finds the demo there.
    if (await exists()) return { company_id: demoCompanyId, created: false };
    throw error;
  }
  return { company_id: demoCompanyId, created: true };
}

/** The demo file without its fixed ids (its entries name each other by `ref`), for a second copy. */
function demoWithoutIds(): unknown {
  const strip = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(strip)
      : value !== null && typeof value === 'object'
        ? Object.fromEntries(
            Object.entries(value)
              .filter(([key]) => key !== 'id')
              .map(([key, item]) => [key, strip(item)]),
          )
        : value;
  return strip(structuredClone(demoBusiness));
}

/**
 * Loads the demo business into the test mode of `liveCompanyId` (its twin, made on first use), once:
 * fresh ids, since the live demo may hold the file's own. A second call finds the earlier import.
 */
export async function seedDemoInTest(db: Db, liveCompanyId: string): Promise<{ company_id: string; created: boolean }> {
  const twin = await testCompanyOf(db, liveCompanyId);
  const file = demoWithoutIds();
  if (await earlierImport(db, importFingerprint(file), { newCompany: false, companyId: twin })) return { company_id: twin, created: false };
  await importBusiness(db, file, { companyId: twin });
  return { company_id: twin, created: true };
}
