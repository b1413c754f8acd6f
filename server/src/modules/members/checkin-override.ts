import { randomUUID } from 'node:crypto';
import { ApiError } from '@studio/shared';
import type { Db, Queryable } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import { toIso, type Clock } from '../../clock/time.js';

/** A refused check-in let through anyway: why, as the person who did it typed it. Only an owner or a manager may (`requireOverrideRole`). */
export interface CheckInOverride {
  reason: string;
}

/** Roles that may let a refused member in with a reason; the front desk asks one of them. */
const overridingRoles: readonly string[] = ['owner', 'manager'];

export function mayOverride(actor: Actor): boolean {
  return actor.identity.kind === 'staff_user' && overridingRoles.includes(actor.identity.role);
}

/** 403 unless the actor may override a refusal, on every route that offers it. */
export function requireOverrideRole(actor: Actor): void {
  if (!mayOverride(actor)) throw new ApiError('role_not_allowed', 'Only an owner or a manager may check in a refused member anyway; ask one of them.', { param: 'override_reason' });
}

/** The flag an overridden visit carries, beside the reasons it was let through despite. */
export const overrideFlag = 'staff_override';

/** How the override list names who let the member in: "Ana (manager)", the command, or the key. */
async function actorName(db: Db, sql: Queryable, actor: Actor): Promise<{ actor_account_id: string | null; actor_name: string }> {
  if (actor.identity.kind === 'staff_user') {
    const account = await sql.first(db.qb.selectFrom('staff_accounts').select('display_name').where('id', '=', actor.identity.staffUserId));
    const role = actor.identity.role.replace('_', ' ');
    return { actor_account_id: actor.identity.staffUserId, actor_name: account ? `${account.display_name} (${role})` : role };
  }
  if (actor.identity.kind === 'system') return { actor_account_id: null, actor_name: actor.identity.name };
  if (actor.identity.kind === 'device') return { actor_account_id: null, actor_name: `device ${actor.identity.deviceId}` };
  if (actor.identity.kind === 'member') return { actor_account_id: null, actor_name: 'member' };
  return { actor_account_id: null, actor_name: `api key ${actor.identity.keyId}` };
}

/** Records the override in the visit's own transaction, so a visit never carries the flag without its record. */
export async function recordOverride(
  db: Db,
  sql: Queryable,
  actor: Actor,
  entry: { visitId: string; locationId: string; contactId: string; reasons: readonly string[]; reason: string },
  clock: Clock,
): Promise<void> {
  await sql.run(
    db.qb.insertInto('checkin_overrides').values({
      id: randomUUID(),
      company_id: actor.companyId,
      location_id: entry.locationId,
      visit_id: entry.visitId,
      contact_id: entry.contactId,
      ...(await actorName(db, sql, actor)),
      reasons: JSON.stringify(entry.reasons),
      reason: entry.reason,
      at: toIso(clock()),
    }),
  );
}

/** The company's overrides, newest first, optionally of one location: the access side's audit list. */
export async function listOverrides(db: Db, companyId: string, options: { locationId?: string; limit?: number } = {}) {
  let query = db.qb.selectFrom('checkin_overrides').selectAll().where('company_id', '=', companyId);
  if (options.locationId !== undefined) query = query.where('location_id', '=', options.locationId);
  const rows = await db.all(
    query
      .orderBy('at', 'desc')
      .orderBy('id')
      .limit(options.limit ?? 100),
  );
  return rows.map((row) => ({ ...row, reasons: JSON.parse(row.reasons) as string[] }));
}
