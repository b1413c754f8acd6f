import type { PaidBy } from '@studio/shared';
import type { ExpressionBuilder } from 'kysely';
import { DateTime } from 'luxon';
import { lockRows } from '../../db/row-locks.js';
import type { Tables } from '../../db/tables.js';
import type { Db, Queryable } from '../../db/types.js';
import type { LocationRow } from '../locations/lookup.js';
import { limitPeriod } from '../memberships/limit-period.js';
import type { ClassRow } from './class-repository.js';

export interface Coverage {
  paid_by: PaidBy;
  membership_id: string | null;
}

export interface CoverageInput {
  cls: ClassRow;
  location: LocationRow;
  service: { id: string; requires_entitlement: number; free_classes: number };
  contactId: string;
  companyId: string;
  allowWithoutEntitlement: boolean;
}

type Spots = ExpressionBuilder<Tables & { a: Tables['class_attendees'] }, 'a'>;
/** Spots that use an allowance: held ones, and late cancels that were not excused. */
const countedSpot = (eb: Spots) => eb.or([eb('a.status', 'in', ['reserved', 'checked_in']), eb.and([eb('a.status', '=', 'late_cancelled'), eb('a.excused', '=', 0)])]);

const covers = (serviceIds: string | null, serviceId: string) => serviceIds === null || (JSON.parse(serviceIds) as string[]).includes(serviceId);

/**
 * What covers a spot (docs/api-decisions.md, Classes), in order: a membership with allowance left (its
 * weekly class limit counted in the Monday-to-Sunday local week of the class start, its visit limit
 * in the period holding the start), else a package credit, else a free class of the service, else
 * `none` when the service needs no entitlement or the caller allows it. Null: entitlement required.
 */
export async function decideCoverage(db: Db, sql: Queryable, input: CoverageInput): Promise<Coverage | null> {
  const { cls, location, service, contactId } = input;
  const classDay = DateTime.fromISO(cls.start_at, { zone: location.timezone }).toISODate()!;
  const held = await sql.all(
    db.qb
      .selectFrom('memberships as m')
      .leftJoin('membership_plans as p', 'p.id', 'm.plan_id')
      .leftJoin('package_templates as t', 't.id', 'm.package_template_id')
      .select([
        'm.id',
        'm.kind',
        'm.start_date',
        'm.end_date',
        'm.credits_total',
        'p.billing_interval',
        'p.visit_limit',
        'p.visit_period',
        'p.class_limit_per_week',
        'p.access_location_ids',
        'p.covered_service_ids as plan_services',
        't.covered_service_ids as package_services',
      ])
      .where('m.contact_id', '=', contactId)
      .where('m.company_id', '=', input.companyId)
      // A past-due member may book; the check-in alert decides at the door.
      .where('m.status', 'in', ['active', 'past_due'])
      .orderBy('m.created_at')
      .orderBy('m.id'),
  );
  const usable = held.filter(
    (m) => m.start_date <= classDay && (m.end_date === null || classDay <= m.end_date) && (m.access_location_ids === null || (JSON.parse(m.access_location_ids) as string[]).includes(location.id)),
  );
  // Before any allowance is counted: every membership of the contact, in the global order (server/src/db/row-locks.ts).
  if (usable.length) await lockRows(sql, { membershipsOf: contactId });
  for (const m of usable.filter((m) => m.kind === 'membership' && covers(m.plan_services, service.id))) {
    if (await membershipHasRoom(db, sql, m, cls, location.timezone)) return { paid_by: 'membership', membership_id: m.id };
  }
  for (const m of usable.filter((m) => m.kind === 'package' && covers(m.package_services, service.id))) {
    if ((await creditsCommitted(db, sql, m.id)) < (m.credits_total ?? 0)) return { paid_by: 'package', membership_id: m.id };
  }
  if (service.free_classes > 0 && (await freeClassesUsed(db, sql, contactId, service.id)) < service.free_classes) return { paid_by: 'free_class', membership_id: null };
  if (!service.requires_entitlement || input.allowWithoutEntitlement) return { paid_by: 'none', membership_id: null };
  return null;
}

interface PlanLimits {
  id: string;
  start_date: string;
  end_date: string | null;
  billing_interval: string | null;
  visit_limit: number | null;
  visit_period: string | null;
  class_limit_per_week: number | null;
}

async function membershipHasRoom(db: Db, sql: Queryable, m: PlanLimits, cls: ClassRow, timezone: string): Promise<boolean> {
  const start = new Date(cls.start_at);
  if (m.class_limit_per_week !== null) {
    const week = DateTime.fromJSDate(start, { zone: timezone }).startOf('week');
    const spots = await countSpots(db, sql, m.id, 'membership', week.toUTC().toISO()!, week.plus({ weeks: 1 }).toUTC().toISO()!, countedSpot);
    if (spots >= m.class_limit_per_week) return false;
  }
  if (m.visit_limit !== null) {
    const period = limitPeriod(m.visit_period, m, timezone, start);
    const visits = await sql.first(
      db.qb
        .selectFrom('visits')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('membership_id', '=', m.id)
        .where('counted', '=', 1)
        .where('checked_in_at', '>=', period.start)
        .where('checked_in_at', '<', period.end),
    );
    const pending = await countSpots(db, sql, m.id, 'membership', period.start, period.end, unconsumed);
    if (Number(visits!.n) + pending >= m.visit_limit) return false;
  }
  return true;
}

/** Reserved spots whose credit is not consumed yet: the visit comes at check-in. */
const unconsumed = (eb: Spots) => eb.and([eb('a.status', '=', 'reserved'), eb('a.visit_id', 'is', null)]);

async function countSpots(db: Db, sql: Queryable, membershipId: string, paidBy: PaidBy, from: string, to: string, which: (eb: Spots) => ReturnType<Spots['and']>): Promise<number> {
  const row = await sql.first(
    db.qb
      .selectFrom('class_attendees as a')
      .innerJoin('classes as c', 'c.id', 'a.class_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('a.membership_id', '=', membershipId)
      .where('a.paid_by', '=', paidBy)
      .where('c.start_at', '>=', from)
      .where('c.start_at', '<', to)
      .where((eb) => which(eb as unknown as Spots)),
  );
  return Number(row!.n);
}

/** A package's credits used (visits) or promised to reserved spots. */
async function creditsCommitted(db: Db, sql: Queryable, membershipId: string): Promise<number> {
  const visits = await sql.first(
    db.qb
      .selectFrom('visits')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('membership_id', '=', membershipId)
      .where('counted', '=', 1),
  );
  const pending = await countSpots(db, sql, membershipId, 'package', '', '\uffff', unconsumed);
  return Number(visits!.n) + pending;
}

async function freeClassesUsed(db: Db, sql: Queryable, contactId: string, serviceId: string): Promise<number> {
  const row = await sql.first(
    db.qb
      .selectFrom('class_attendees as a')
      .innerJoin('classes as c', 'c.id', 'a.class_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('a.contact_id', '=', contactId)
      .where('a.paid_by', '=', 'free_class')
      .where('c.service_id', '=', serviceId)
      .where((eb) => countedSpot(eb as unknown as Spots)),
  );
  return Number(row!.n);
}
