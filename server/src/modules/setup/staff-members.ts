import { randomUUID } from 'node:crypto';
import { ApiError, parseWith } from '@studio/shared';
import { nowIso } from '../../clock/time.js';
import type { Db } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import { requireManager, requireOwner } from '../staff-accounts/setup-role.js';
import { StaffMemberCreate, mergedInput, type StaffMemberUpdate } from './setup-inputs.js';

/**
 * The bookable staff (who gives appointments and classes), not staff accounts (who sign in). They
 * belong to the company; their weekly hours place them at locations (schedule.ts).
 */
export interface StaffMemberView {
  id: string;
  first_name: string;
  last_name: string | null;
  email: string | null;
  created_at: string;
}

const columns = ['id', 'first_name', 'last_name', 'email', 'created_at'] as const;

/** Every staff member of the company, by first then last name. */
export async function listStaffMembers(db: Db, actor: Actor): Promise<StaffMemberView[]> {
  requireManager(actor, 'setup');
  return db.all(db.qb.selectFrom('staff').select(columns).where('company_id', '=', actor.companyId).orderBy('first_name').orderBy('last_name').orderBy('id'));
}

async function staffMember(db: Db, actor: Actor, id: string): Promise<StaffMemberView> {
  const row = await db.first(db.qb.selectFrom('staff').select(columns).where('id', '=', id).where('company_id', '=', actor.companyId));
  if (!row) throw new ApiError('resource_missing', `No such staff member: ${id}.`, { param: 'id' });
  return row;
}

export async function createStaffMember(db: Db, actor: Actor, input: StaffMemberCreate): Promise<StaffMemberView> {
  requireOwner(actor, 'Staff members');
  const row = { id: randomUUID(), company_id: actor.companyId, first_name: input.first_name, last_name: input.last_name ?? null, email: input.email ?? null, created_at: nowIso() };
  await db.run(db.qb.insertInto('staff').values(row));
  return staffMember(db, actor, row.id);
}

export async function updateStaffMember(db: Db, actor: Actor, id: string, update: StaffMemberUpdate): Promise<StaffMemberView> {
  requireOwner(actor, 'Staff members');
  const current = await staffMember(db, actor, id);
  const next = parseWith(StaffMemberCreate, mergedInput({ first_name: current.first_name, last_name: current.last_name ?? undefined, email: current.email ?? undefined }, update));
  await db.run(
    db.qb
      .updateTable('staff')
      .set({ first_name: next.first_name, last_name: next.last_name ?? null, email: next.email ?? null })
      .where('id', '=', id)
      .where('company_id', '=', actor.companyId),
  );
  return staffMember(db, actor, id);
}
