import { randomUUID } from 'node:crypto';
import { ApiError, parseWith } from '@studio/shared';
import { nowIso } from '../../clock/time.js';
import type { Db, Queryable } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import { requireLocation, visibleLocations } from '../locations/lookup.js';
import { requireManager, requireOwner } from '../staff-accounts/setup-role.js';
import { ServiceCreate, mergedInput, type ServiceUpdate } from './setup-inputs.js';

/** A service with everything the setup screens edit: class entitlement settings, room and qualified staff. */
export interface ServiceSetupView {
  id: string;
  location_id: string;
  name: string;
  description: string | null;
  category: string | null;
  kind: 'appointment' | 'class';
  duration_minutes: number;
  price_cents: number;
  buffer_before_minutes: number;
  buffer_after_minutes: number;
  room_id: string | null;
  staff_ids: string[];
  requires_entitlement: boolean;
  free_classes: number;
  first_timers_only: boolean;
}

const columns = [
  'id',
  'location_id',
  'name',
  'description',
  'category',
  'kind',
  'duration_minutes',
  'price_cents',
  'buffer_before_minutes',
  'buffer_after_minutes',
  'room_id',
  'requires_entitlement',
  'free_classes',
  'first_timers_only',
] as const;

async function views(db: Db, sql: Queryable, rows: Awaited<ReturnType<typeof serviceRows>>): Promise<ServiceSetupView[]> {
  const ids = rows.map((row) => row.id);
  const links = ids.length ? await sql.all(db.qb.selectFrom('service_staff').select(['service_id', 'staff_id']).where('service_id', 'in', ids)) : [];
  return rows.map((row) => ({
    ...row,
    requires_entitlement: Boolean(row.requires_entitlement),
    first_timers_only: Boolean(row.first_timers_only),
    staff_ids: links
      .filter((link) => link.service_id === row.id)
      .map((link) => link.staff_id)
      .sort(),
  }));
}

function serviceRows(db: Db, sql: Queryable, companyId: string, locations: readonly string[] | null, id?: string) {
  let query = db.qb.selectFrom('services').select(columns).where('company_id', '=', companyId);
  if (locations !== null) query = query.where('location_id', 'in', locations.length ? locations : ['']);
  if (id !== undefined) query = query.where('id', '=', id);
  return sql.all(query.orderBy('name').orderBy('id'));
}

/** The services of the actor's locations (or the one asked for), by name. */
export async function listSetupServices(db: Db, actor: Actor, locationId?: string): Promise<ServiceSetupView[]> {
  requireManager(actor, 'setup');
  return views(db, db, await serviceRows(db, db, actor.companyId, await visibleLocations(db, db, actor, locationId)));
}

async function serviceById(db: Db, actor: Actor, id: string): Promise<ServiceSetupView> {
  const [service] = await views(db, db, await serviceRows(db, db, actor.companyId, null, id));
  if (!service) throw new ApiError('resource_missing', `No such service: ${id}.`, { param: 'id' });
  await requireLocation(db, db, actor, service.location_id, 'id');
  return service;
}

/** The room must be at the service's location; every staff member the company's. */
async function checkLinks(db: Db, actor: Actor, input: ServiceCreate): Promise<void> {
  if (input.room_id) {
    const room = await db.first(db.qb.selectFrom('rooms').select('location_id').where('id', '=', input.room_id).where('company_id', '=', actor.companyId));
    if (!room) throw new ApiError('resource_missing', `No such room: ${input.room_id}.`, { param: 'room_id' });
    if (room.location_id !== input.location_id) throw new ApiError('invalid_param', 'That room is at another location than the service; choose a room of its location.', { param: 'room_id' });
  }
  const staffIds = [...new Set(input.staff_ids ?? [])];
  if (staffIds.length) {
    const found = await db.all(db.qb.selectFrom('staff').select('id').where('company_id', '=', actor.companyId).where('id', 'in', staffIds));
    const missing = staffIds.find((id) => !found.some((row) => row.id === id));
    if (missing) throw new ApiError('resource_missing', `No such staff member: ${missing}.`, { param: 'staff_ids' });
  }
}

const serviceValues = (input: ServiceCreate) => ({
  name: input.name,
  description: input.description ?? null,
  category: input.category ?? null,
  kind: input.kind,
  duration_minutes: input.duration_minutes,
  price_cents: input.price_cents,
  buffer_before_minutes: input.buffer_before_minutes,
  buffer_after_minutes: input.buffer_after_minutes,
  room_id: input.room_id ?? null,
  requires_entitlement: Number(input.requires_entitlement),
  free_classes: input.free_classes,
  first_timers_only: Number(input.first_timers_only),
});

/** A new appointment or class service at a location (the owner's). */
export async function createService(db: Db, actor: Actor, input: ServiceCreate): Promise<ServiceSetupView> {
  requireOwner(actor, 'Services');
  await requireLocation(db, db, actor, input.location_id);
  await checkLinks(db, actor, input);
  const id = randomUUID();
  await db.transaction(async (tx) => {
    await tx.run(db.qb.insertInto('services').values({ id, company_id: actor.companyId, location_id: input.location_id, created_at: nowIso(), ...serviceValues(input) }));
    for (const staffId of new Set(input.staff_ids ?? [])) await tx.run(db.qb.insertInto('service_staff').values({ service_id: id, staff_id: staffId }));
  });
  return serviceById(db, actor, id);
}

/** Changes a service; `staff_ids`, when given, replaces the qualified staff. Its location stays. */
export async function updateService(db: Db, actor: Actor, id: string, update: ServiceUpdate): Promise<ServiceSetupView> {
  requireOwner(actor, 'Services');
  const { id: _id, room_id, description, category, ...stored } = await serviceById(db, actor, id);
  const next = parseWith(ServiceCreate, mergedInput({ ...stored, room_id: room_id ?? undefined, description: description ?? undefined, category: category ?? undefined }, update));
  await checkLinks(db, actor, next);
  await db.transaction(async (tx) => {
    await tx.run(db.qb.updateTable('services').set(serviceValues(next)).where('id', '=', id).where('company_id', '=', actor.companyId));
    if (update.staff_ids !== undefined) {
      await tx.run(db.qb.deleteFrom('service_staff').where('service_id', '=', id));
      for (const staffId of new Set(update.staff_ids)) await tx.run(db.qb.insertInto('service_staff').values({ service_id: id, staff_id: staffId }));
    }
  });
  return serviceById(db, actor, id);
}
