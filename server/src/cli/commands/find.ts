import { fullName } from '@studio/shared';
import type { Command } from 'commander';
import type { Db } from '../../db/types.js';
import { contactListQuery } from '../../modules/contacts/repository.js';
import { foldForSearch } from '../../modules/contacts/phone.js';
import { companyScope } from '../support/company-option.js';
import { refCandidates } from '../support/references.js';
import { CliError, action, printJson, withDatabase } from '../support/run.js';

/** One thing `studio find` found: what it is, its id for any other command, and what a person recognises. */
interface Found {
  kind: 'contact' | 'location' | 'staff' | 'service' | 'plan' | 'package';
  id: string;
  label: string;
  company_id: string;
}

/** How many of each kind one search shows at most. */
const perKind = 20;

const contains = (haystack: string | null, needle: string) => haystack !== null && foldForSearch(haystack).includes(needle);

/** Contacts by the API's search (every word in the name, email or phone digits), and by member code. */
async function contacts(db: Db, text: string, companyIds: readonly string[], scope: { companyId?: string }): Promise<Found[]> {
  const found: Found[] = [];
  for (const companyId of companyIds) {
    const rows = await db.all(contactListQuery(db, companyId, null, text).orderBy('created_at').orderBy('id').limit(perKind));
    found.push(...rows.map((row) => ({ kind: 'contact' as const, id: row.id, label: [fullName(row), row.email, row.phone].filter(Boolean).join(', '), company_id: companyId })));
  }
  for (const candidate of await refCandidates(db, 'contact', text, scope)) {
    if (!found.some((row) => row.id === candidate.id)) found.push({ kind: 'contact', id: candidate.id, label: candidate.label, company_id: candidate.companyId });
  }
  return found.slice(0, perKind);
}

/** Locations, staff, services, plans and packages whose name (or slug, or email) holds the text: a company's few rows, read by company. */
async function setup(db: Db, needle: string, companyIds: readonly string[]): Promise<Found[]> {
  const [locations, staff, services, plans, packages] = await Promise.all([
    db.all(db.qb.selectFrom('locations').select(['id', 'company_id', 'name', 'slug']).where('company_id', 'in', companyIds).orderBy('name')),
    db.all(db.qb.selectFrom('staff').select(['id', 'company_id', 'first_name', 'last_name', 'email']).where('company_id', 'in', companyIds).orderBy('first_name')),
    db.all(
      db.qb
        .selectFrom('services as s')
        .innerJoin('locations as l', 'l.id', 's.location_id')
        .select(['s.id', 's.company_id', 's.name', 'l.slug'])
        .where('s.company_id', 'in', companyIds)
        .orderBy('s.name'),
    ),
    db.all(
      db.qb
        .selectFrom('membership_plans as p')
        .innerJoin('locations as l', 'l.id', 'p.location_id')
        .select(['p.id', 'p.company_id', 'p.name', 'l.slug'])
        .where('p.company_id', 'in', companyIds)
        .orderBy('p.name'),
    ),
    db.all(
      db.qb
        .selectFrom('package_templates as t')
        .innerJoin('locations as l', 'l.id', 't.location_id')
        .select(['t.id', 't.company_id', 't.name', 'l.slug'])
        .where('t.company_id', 'in', companyIds)
        .orderBy('t.name'),
    ),
  ]);
  const at = (kind: Found['kind'], rows: { id: string; company_id: string; name: string; slug: string }[]) =>
    rows
      .filter((row) => contains(row.name, needle))
      .slice(0, perKind)
      .map((row) => ({ kind, id: row.id, label: `${row.name} at ${row.slug}`, company_id: row.company_id }));
  return [
    ...locations
      .filter((row) => contains(row.name, needle) || contains(row.slug, needle))
      .slice(0, perKind)
      .map((row) => ({ kind: 'location' as const, id: row.id, label: `${row.name} (slug ${row.slug})`, company_id: row.company_id })),
    ...staff
      .filter((row) => contains(fullName(row), needle) || contains(row.email, needle))
      .slice(0, perKind)
      .map((row) => ({ kind: 'staff' as const, id: row.id, label: [fullName(row), row.email].filter(Boolean).join(', '), company_id: row.company_id })),
    ...at('service', services),
    ...at('plan', plans),
    ...at('package', packages),
  ];
}

export function registerFindCommand(program: Command): void {
  program
    .command('find')
    .description(
      'Find anything by what a person knows of it: contacts (name, email, phone digits, member code), locations (name, slug), staff (name, email), services, plans and packages (name). Prints kind, id and a label for each, at most 20 of each kind.',
    )
    .argument('<text>', 'what to look for: words of a name, an email, phone digits, a member code, a slug')
    .option('--company <company>', 'only in this company: its id, key prefix or name (default: every company)')
    .action(
      action(async (text: string, options: { company?: string }) => {
        const wanted = text.trim();
        if (wanted === '') throw new CliError('give what to look for, e.g. `studio find emma` or `studio find HF-1001`');
        printJson(
          await withDatabase(async (db) => {
            const scope = await companyScope(db, options.company);
            const companyIds =
              scope.companyId !== undefined ? [scope.companyId] : (await db.all(db.qb.selectFrom('companies').select('id').where('live_company_id', 'is', null).orderBy('name'))).map((row) => row.id);
            if (companyIds.length === 0) return [];
            return [...(await contacts(db, wanted, companyIds, scope)), ...(await setup(db, foldForSearch(wanted), companyIds))];
          }),
        );
      }),
    );
}
