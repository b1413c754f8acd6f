import type { Compilable } from 'kysely';
import type { Db } from '../../db/types.js';
import type { Section } from './import-context.js';
import type { ImportPlan } from './import-plan.js';
import { clashProblem } from './import-plan-identifiers.js';
import { databaseCodeCardClashes, databaseReversedCardClashes } from './import-namespace.js';
import { Problems } from './import-problems.js';

/** Keeps `in (...)` lists well under either dialect's limit on bound parameters. */
const idsPerQuery = 500;

type IdTable = 'locations' | 'staff' | 'rooms' | 'services' | 'membership_plans' | 'package_templates' | 'contacts' | 'memberships' | 'gift_cards' | 'classes' | 'class_series';

/**
 * What the file clashes with in the database: ids that already exist (a file imported twice), the
 * target company missing or already there, and values unique per company that it already uses.
 */
export async function databaseProblems(db: Db, plan: ImportPlan): Promise<string[]> {
  const problems = new Problems();
  const company = await db.first(db.qb.selectFrom('companies').select('id').where('id', '=', plan.companyId));
  if (plan.newCompany && company) {
    // The file was most likely imported before: its every id clashing too would bury this line.
    problems.add('company.id', `company ${plan.companyId} already exists; to add entries to it, import with --company ${plan.companyId}`);
    return problems.list;
  }
  if (plan.intoExisting && !company) problems.add('company', `no company ${plan.companyId} in the database`);

  for (const section of Object.values(plan.sections) as Section<{ id?: string | undefined }>[]) {
    const given = section.items.filter((item) => item.entry.id !== undefined);
    for (let i = 0; i < given.length; i += idsPerQuery) {
      const batch = given.slice(i, i + idsPerQuery);
      const found = await db.all(
        db.qb
          .selectFrom(section.name as IdTable)
          .select('id')
          .where(
            'id',
            'in',
            batch.map((item) => item.id),
          ),
      );
      const taken = new Set(found.map((row) => row.id));
      for (const item of batch) if (taken.has(item.id)) problems.add(item.label, `id "${item.id}" already exists in the database`);
    }
  }

  // A new company has no rows yet, so only an existing one can already hold these values.
  if (company && !plan.newCompany) await companyValueProblems(db, plan, problems);
  return problems.list;
}

/** Slugs, member codes, cards and gift card codes the company already uses, named per entry. */
async function companyValueProblems(db: Db, plan: ImportPlan, problems: Problems): Promise<void> {
  const { sections, companyId } = plan;
  const inUse = async (query: Compilable<{ value: string | null }>) => new Set((await db.all(query)).map((row) => row.value));
  const report = (taken: Set<string | null>, what: string, label: string, values: string[]) => {
    for (const value of values) if (taken.has(value)) problems.add(label, `${what} "${value}" is already used in this company`);
  };

  const slugs = await inUse(db.qb.selectFrom('locations').select('slug as value').where('company_id', '=', companyId));
  for (const { label, entry } of sections.locations.items) report(slugs, 'slug', label, [entry.slug]);

  await matchKeyProblems(db, plan, problems);
  await databaseCodeCardClashes(db, companyId, plan.keyClaims, problems);
  await databaseReversedCardClashes(db, companyId, plan.keyClaims, problems);

  const giftCodes = await inUse(db.qb.selectFrom('gift_cards').select('code as value').where('company_id', '=', companyId));
  for (const { label, entry } of sections.gift_cards.items) report(giftCodes, 'code', label, [entry.code]);
}

/**
 * The file's match keys that a live credential of the company already has: the same member code in
 * another case, the same card in another printed form. Compared by key, as resolve matches them.
 */
async function matchKeyProblems(db: Db, plan: ImportPlan, problems: Problems): Promise<void> {
  const claimed = [...plan.keyClaims.keys()];
  const live = new Map<string, { membership_id: string; credential_id: string | null }>();
  for (let i = 0; i < claimed.length; i += idsPerQuery) {
    const found = await db.all(
      db.qb
        .selectFrom('credential_keys')
        .select(['match_key', 'membership_id', 'credential_id'])
        .where('company_id', '=', plan.companyId)
        .where('match_key', 'in', claimed.slice(i, i + idsPerQuery))
        .where('revoked_at', 'is', null),
    );
    for (const row of found) live.set(row.match_key, row);
  }
  // In the file's order, and once per pair: one card clashes on each of its keys.
  const reported = new Set<string>();
  for (const key of claimed) {
    const holder = live.get(key);
    if (!holder) continue;
    const claim = plan.keyClaims.get(key)!;
    const held = holder.credential_id === null ? `membership ${holder.membership_id}` : `card ${holder.credential_id} of membership ${holder.membership_id}`;
    const message = clashProblem(claim, `${held} in this company`);
    if (reported.has(claim.where + message)) continue;
    reported.add(claim.where + message);
    problems.add(claim.where, message);
  }
}
