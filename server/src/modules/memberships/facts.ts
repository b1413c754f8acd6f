import { sql as rawSql, type ExpressionBuilder, type Kysely } from 'kysely';
import { prepared } from '../../db/prepared.js';
import type { Tables } from '../../db/tables.js';
import type { Db, Queryable } from '../../db/types.js';
import type { EligibilityFacts } from '@studio/shared';
import { limitPeriod, type LimitPeriod } from './limit-period.js';

/** A membership's eligibility facts at one location, and who and what it is. */
export interface MembershipFacts extends EligibilityFacts {
  membership_id: string;
  contact_id: string;
  first_name: string;
  kind: 'membership' | 'package';
  plan_name: string;
  /** What a door check-in without a class in its window uses up (the plan's or package's setting). */
  door_checkin_consumes: 'visit' | 'nothing';
}

/** What a membership's facts are read from: the membership, its holder, plan or package, and whether a card is live. */
export const factColumns = (eb: ExpressionBuilder<FactSources, 'm' | 'c' | 'p' | 't'>) =>
  [
    'm.id',
    'm.contact_id',
    'm.kind',
    'm.status',
    'm.start_date',
    'm.end_date',
    'm.credits_total',
    'c.first_name',
    'c.form_signed_at',
    'p.name as plan_name',
    't.name as template_name',
    'p.visit_limit',
    'p.visit_period',
    'p.billing_interval',
    'p.access_location_ids',
    'p.door_checkin_consumes as plan_door',
    't.door_checkin_consumes as template_door',
    eb
      .exists(eb.selectFrom('credential_keys as k').select('k.membership_id').whereRef('k.membership_id', '=', 'm.id').where('k.kind', '=', 'card_uid').where('k.revoked_at', 'is', null))
      .as('has_card'),
  ] as const;

type FactSources = Tables & { m: Tables['memberships']; c: Tables['contacts']; p: Tables['membership_plans']; t: Tables['package_templates'] };

/** Who holds each membership, on which plan or package, and whether a card is live. */
const factsQuery = (qb: Kysely<Tables>, companyId: string) =>
  qb
    .selectFrom('memberships as m')
    .innerJoin('contacts as c', 'c.id', 'm.contact_id')
    .leftJoin('membership_plans as p', 'p.id', 'm.plan_id')
    .leftJoin('package_templates as t', 't.id', 'm.package_template_id')
    .select((eb) => factColumns(eb as unknown as ExpressionBuilder<FactSources, 'm' | 'c' | 'p' | 't'>))
    .where('m.company_id', '=', companyId);
export type FactRow = Awaited<ReturnType<ReturnType<typeof factsQuery>['executeTakeFirstOrThrow']>>;

/**
 * The earliest instant a limit period holding `now` can start, by the longest period of each
 * kind, with two days to spare for the location's time zone: counted visits from then on are
 * read, and the exact period (limit-period.ts) counts among them. A one-off plan or a package
 * counts from the beginning.
 */
export function countedSince(now: Date) {
  const daysBefore = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
  return { week: daysBefore(7 + 2), month: daysBefore(31 + 2), quarter: daysBefore(92 + 2), year: daysBefore(366 + 2) };
}

/** The counted visits' times, comma-separated, from the start of the longest period the plan's limit may count in. */
export function countedVisits(eb: ExpressionBuilder<FactSources, 'm' | 'c' | 'p' | 't'>, since: Record<'week' | 'month' | 'quarter' | 'year', string>) {
  const from = eb
    .case()
    .when('p.visit_period', 'in', ['day', 'week'])
    .then(since.week)
    .when('p.visit_period', '=', 'month')
    .then(since.month)
    .when('p.billing_interval', '=', 'weekly')
    .then(since.week)
    .when('p.billing_interval', '=', 'monthly')
    .then(since.month)
    .when('p.billing_interval', '=', 'quarterly')
    .then(since.quarter)
    .when('p.billing_interval', '=', 'yearly')
    .then(since.year)
    .else('')
    .end();
  // Both dialects have string_agg (SQLite since 3.44, the one better-sqlite3 bundles is newer).
  const joined = rawSql<string>`string_agg(v.checked_in_at, ',')`;
  const times = eb.selectFrom('visits as v').select(joined.as('times')).whereRef('v.membership_id', '=', 'm.id').where('v.counted', '=', 1).where('v.checked_in_at', '>=', from);
  return eb
    .case()
    .when(eb.or([eb('m.kind', '=', 'package'), eb('p.visit_limit', 'is not', null)]))
    .then(times)
    .end()
    .as('counted_visits');
}

/** Resolve and check-in ask for one membership on every scan: its facts and counted visits in one statement. */
const oneMembership = prepared((qb, companyId: string, id: string, week: string, month: string, quarter: string, year: string) =>
  factsQuery(qb, companyId)
    .select((eb) => countedVisits(eb as unknown as ExpressionBuilder<FactSources, 'm' | 'c' | 'p' | 't'>, { week, month, quarter, year }))
    .where('m.id', '=', id),
);

/**
 * The facts of each membership for a check-in at `location` at `now`, in two queries whatever
 * the number of memberships (the feed loads a thousand at a time); one when none has a limit.
 */
export async function loadFacts(
  db: Db,
  sql: Queryable,
  companyId: string,
  membershipIds: readonly string[],
  location: { id: string; timezone: string },
  now: Date,
  /** Count visits of unlimited plans too (in their billing period): for showing usage, not deciding. */
  options: { countUnlimited?: boolean } = {},
): Promise<Map<string, MembershipFacts>> {
  const timezone = location.timezone;
  const facts = new Map<string, MembershipFacts>();
  if (membershipIds.length === 0) return facts;
  const ids = [...new Set(membershipIds)];
  if (ids.length === 1 && !options.countUnlimited) {
    const since = countedSince(now);
    const row = await sql.first(oneMembership(db, companyId, ids[0]!, since.week, since.month, since.quarter, since.year));
    if (row) facts.set(row.id, factsCountingVisits(row, location, now));
    return facts;
  }
  const rows = await sql.all(factsQuery(db.qb, companyId).where('m.id', 'in', ids));
  // Only a limited allowance needs its period and its visits counted: most plans are unlimited.
  const periods = new Map<string, LimitPeriod>();
  for (const row of rows) {
    if (countsVisits(row) || options.countUnlimited) periods.set(row.id, countingPeriod(row, timezone, now));
  }
  const used = new Map<string, number>();
  if (periods.size) {
    const earliest = [...periods.values()].reduce((min, period) => (period.start < min ? period.start : min), '\uffff');
    const visits = await sql.all(
      db.qb
        .selectFrom('visits')
        .select(['membership_id', 'checked_in_at'])
        .where('membership_id', 'in', [...periods.keys()])
        .where('checked_in_at', '>=', earliest)
        // A door entry that used no allowance (migration 006) or a voided visit (007) is not counted against one.
        .where('counted', '=', 1),
    );
    for (const visit of visits) {
      const period = periods.get(visit.membership_id)!;
      if (visit.checked_in_at >= period.start && visit.checked_in_at < period.end) used.set(visit.membership_id, (used.get(visit.membership_id) ?? 0) + 1);
    }
  }
  for (const row of rows) facts.set(row.id, factsOfRow(row, location, used.get(row.id) ?? 0, periods.get(row.id)));
  return facts;
}

/** A membership's facts at `now` from its row with its counted visits' times (`countedVisits`, read from `countedSince(now)` or earlier). */
export function factsCountingVisits(row: FactRow & { counted_visits: string | null }, location: { id: string; timezone: string }, now: Date): MembershipFacts {
  if (!countsVisits(row)) return factsOfRow(row, location, 0, undefined);
  const period = countingPeriod(row, location.timezone, now);
  const times = row.counted_visits === null ? [] : row.counted_visits.split(',');
  return factsOfRow(row, location, times.filter((time) => time >= period.start && time < period.end).length, period);
}

/** Whether a membership's allowance needs its visits counted to decide: a package's always, a plan's when it limits visits. */
export function countsVisits(row: Pick<FactRow, 'kind' | 'visit_limit'>): boolean {
  return row.kind === 'package' || row.visit_limit !== null;
}

/** The period a membership's counted visits are counted in at `location` at `now`: a package's whole life. */
export function countingPeriod(row: FactRow, timezone: string, now: Date): LimitPeriod {
  return row.kind === 'package' ? { start: '', end: '\uffff' } : limitPeriod(row.visit_period, row, timezone, now);
}

/** A membership's facts from its row, `used` visits counted in `period` (undefined: not counted). */
export function factsOfRow(row: FactRow, location: { id: string }, used: number, period: LimitPeriod | undefined): MembershipFacts {
  const isPackage = row.kind === 'package';
  return {
    membership_id: row.id,
    contact_id: row.contact_id,
    first_name: row.first_name,
    kind: row.kind,
    status: row.status,
    start_date: row.start_date,
    end_date: row.end_date,
    plan_name: (isPackage ? row.template_name : row.plan_name) ?? '',
    allowance: isPackage ? row.credits_total : row.visit_limit,
    used,
    allowance_renews_at: isPackage || row.visit_limit === null ? null : period!.end,
    // A plan without an access list admits every location of the company.
    allowed_here: row.access_location_ids === null || (JSON.parse(row.access_location_ids) as string[]).includes(location.id),
    form_signed: row.form_signed_at !== null,
    has_card: Boolean(row.has_card),
    door_checkin_consumes: ((isPackage ? row.template_door : row.plan_door) ?? 'visit') as 'visit' | 'nothing',
  };
}
