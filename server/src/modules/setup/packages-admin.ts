import { randomUUID } from 'node:crypto';
import { parseWith } from '@studio/shared';
import { nowIso } from '../../clock/time.js';
import type { Db } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import { requireLocation, visibleLocations } from '../locations/lookup.js';
import { readIds, requireCompanyIds, storedIds } from '../../domain/linked-ids.js';
import { requireManager, requireOwner } from '../staff-accounts/setup-role.js';
import { PackageCreate } from './setup-inputs.js';

/** A package template: so many sessions for a price, sold at its location. */
export interface PackageSetupView {
  id: string;
  location_id: string;
  name: string;
  price_cents: number;
  total_sessions: number;
  /** null: covers every service. */
  covered_service_ids: string[] | null;
  door_checkin_consumes: 'visit' | 'nothing';
}

const columns = ['id', 'location_id', 'name', 'price_cents', 'total_sessions', 'covered_service_ids', 'door_checkin_consumes'] as const;

/** The package templates of the actor's locations (or the one asked for), by name. */
export async function listSetupPackages(db: Db, actor: Actor, locationId?: string): Promise<PackageSetupView[]> {
  requireManager(actor, 'setup');
  const locations = await visibleLocations(db, db, actor, locationId);
  let query = db.qb.selectFrom('package_templates').select(columns).where('company_id', '=', actor.companyId);
  if (locations !== null) query = query.where('location_id', 'in', locations.length ? locations : ['']);
  const rows = await db.all(query.orderBy('name').orderBy('id'));
  return rows.map((row) => ({ ...row, covered_service_ids: readIds(row.covered_service_ids) }));
}

/** A new package template (the owner's); nobody holds it yet, so the feed is unchanged. */
export async function createPackageTemplate(db: Db, actor: Actor, input: PackageCreate): Promise<PackageSetupView> {
  requireOwner(actor, 'Packages');
  const checked = parseWith(PackageCreate, input);
  await requireLocation(db, db, actor, checked.location_id);
  await requireCompanyIds(db, actor.companyId, 'services', checked.covered_service_ids, 'covered_service_ids');
  const row = {
    id: randomUUID(),
    company_id: actor.companyId,
    location_id: checked.location_id,
    name: checked.name,
    price_cents: checked.price_cents,
    total_sessions: checked.total_sessions,
    covered_service_ids: storedIds(checked.covered_service_ids),
    door_checkin_consumes: checked.door_checkin_consumes ?? 'visit',
    created_at: nowIso(),
  };
  await db.run(db.qb.insertInto('package_templates').values(row));
  const { company_id: _company, created_at: _created, ...view } = row;
  return { ...view, covered_service_ids: readIds(row.covered_service_ids) };
}
