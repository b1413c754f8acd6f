import { randomUUID } from 'node:crypto';
import { ApiError, parseWith } from '@studio/shared';
import { nowIso } from '../../clock/time.js';
import type { Db } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import { bumpFeed } from '../feed/sequence.js';
import { requireLocation, visibleLocations } from '../locations/lookup.js';
import { readIds, requireCompanyIds, storedIds } from '../../domain/linked-ids.js';
import { requireManager, requireOwner } from '../staff-accounts/setup-role.js';
import { PlanCreate, mergedInput, withoutNulls, type PlanUpdate } from './setup-inputs.js';

/** A membership plan with everything the setup screens edit. */
export interface PlanSetupView {
  id: string;
  location_id: string;
  name: string;
  price_cents: number;
  billing_interval: PlanCreate['billing_interval'];
  visit_limit: number | null;
  visit_period: NonNullable<PlanCreate['visit_period']> | null;
  class_limit_per_week: number | null;
  /** null: admits at every location of the company. */
  access_location_ids: string[] | null;
  /** null: covers every service. */
  covered_service_ids: string[] | null;
  door_checkin_consumes: 'visit' | 'nothing';
}

const columns = [
  'id',
  'location_id',
  'name',
  'price_cents',
  'billing_interval',
  'visit_limit',
  'visit_period',
  'class_limit_per_week',
  'access_location_ids',
  'covered_service_ids',
  'door_checkin_consumes',
] as const;

async function planRows(db: Db, companyId: string, locations: readonly string[] | null, id?: string): Promise<PlanSetupView[]> {
  let query = db.qb.selectFrom('membership_plans').select(columns).where('company_id', '=', companyId);
  if (locations !== null) query = query.where('location_id', 'in', locations.length ? locations : ['']);
  if (id !== undefined) query = query.where('id', '=', id);
  const rows = await db.all(query.orderBy('name').orderBy('id'));
  return rows.map((row) => ({
    ...row,
    billing_interval: row.billing_interval as PlanSetupView['billing_interval'],
    visit_period: row.visit_period as PlanSetupView['visit_period'],
    access_location_ids: readIds(row.access_location_ids),
    covered_service_ids: readIds(row.covered_service_ids),
  }));
}

/** The plans of the actor's locations (or the one asked for), by name. */
export async function listSetupPlans(db: Db, actor: Actor, locationId?: string): Promise<PlanSetupView[]> {
  requireManager(actor, 'setup');
  return planRows(db, actor.companyId, await visibleLocations(db, db, actor, locationId));
}

async function planById(db: Db, actor: Actor, id: string): Promise<PlanSetupView> {
  const [plan] = await planRows(db, actor.companyId, null, id);
  if (!plan) throw new ApiError('resource_missing', `No such membership plan: ${id}.`, { param: 'id' });
  await requireLocation(db, db, actor, plan.location_id, 'id');
  return plan;
}

const planValues = (input: PlanCreate) => ({
  name: input.name,
  price_cents: input.price_cents,
  billing_interval: input.billing_interval,
  visit_limit: input.visit_limit ?? null,
  visit_period: input.visit_period ?? null,
  class_limit_per_week: input.class_limit_per_week ?? null,
  access_location_ids: storedIds(input.access_location_ids),
  covered_service_ids: storedIds(input.covered_service_ids),
  door_checkin_consumes: input.door_checkin_consumes ?? 'visit',
});

async function checkLinks(db: Db, actor: Actor, input: PlanCreate): Promise<void> {
  await requireCompanyIds(db, actor.companyId, 'locations', input.access_location_ids, 'access_location_ids');
  await requireCompanyIds(db, actor.companyId, 'services', input.covered_service_ids, 'covered_service_ids');
}

/** A new plan sold at a location (the owner's); nobody holds it yet, so the feed is unchanged. */
export async function createPlan(db: Db, actor: Actor, input: PlanCreate): Promise<PlanSetupView> {
  requireOwner(actor, 'Membership plans');
  await requireLocation(db, db, actor, input.location_id);
  await checkLinks(db, actor, input);
  const id = randomUUID();
  await db.run(db.qb.insertInto('membership_plans').values({ id, company_id: actor.companyId, location_id: input.location_id, created_at: nowIso(), ...planValues(input) }));
  return planById(db, actor, id);
}

/**
 * Changes a plan. Its limits, access list and what a door check-in uses decide its holders'
 * check-ins, so every membership on it is bumped in the eligibility feed in the same transaction.
 */
export async function updatePlan(db: Db, actor: Actor, id: string, update: PlanUpdate): Promise<PlanSetupView> {
  requireOwner(actor, 'Membership plans');
  const { id: _id, ...stored } = await planById(db, actor, id);
  const next = parseWith(PlanCreate, mergedInput(withoutNulls(stored), update));
  await checkLinks(db, actor, next);
  await db.transaction(async (tx) => {
    await tx.run(db.qb.updateTable('membership_plans').set(planValues(next)).where('id', '=', id).where('company_id', '=', actor.companyId));
    const holders = await tx.all(db.qb.selectFrom('memberships').select('id').where('plan_id', '=', id));
    await bumpFeed(
      db,
      tx,
      actor.companyId,
      holders.map((row) => row.id),
    );
  });
  return planById(db, actor, id);
}
