import type { Db } from '../../db/types.js';
import { resolveRef } from './references.js';
import { CliError } from './run.js';

/**
 * `--company <company>` on a command whose arguments name objects: optional, since an id names its
 * company already; it settles a name, slug or member code that two companies use.
 */
export const companyOptionHelp = 'look names, slugs and member codes up in this company (its id, key prefix or name)';

/** The lookup scope `--company` gives: its company, or every company when it is not given. */
export async function companyScope(db: Db, company: string | undefined): Promise<{ companyId?: string }> {
  return company === undefined ? {} : { companyId: await resolveRef(db, 'company', company) };
}

/** The company `--company` names, or the database's only one (a one-box holds one). */
export async function chosenCompany(db: Db, named: string | undefined): Promise<string> {
  if (named !== undefined) return resolveRef(db, 'company', named);
  // A test-mode twin is part of its live company, not a company of its own.
  const companies = await db.all(db.qb.selectFrom('companies').select('id').where('live_company_id', 'is', null).orderBy('id').limit(2));
  if (companies.length === 1) return companies[0]!.id;
  throw new CliError(
    companies.length === 0
      ? 'No company yet: import or create one first.'
      : 'This database holds several companies: choose one with --company (its id, key prefix or name; `studio companies list` lists them).',
  );
}
