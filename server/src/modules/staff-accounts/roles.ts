import { ApiError, scopes as everyScope, type Scope } from '@studio/shared';
import type { Actor } from '../../domain/actor.js';
import type { Tables } from '../../db/tables.js';

export const staffRoles = ['owner', 'manager', 'front_desk'] as const;
export type StaffRole = (typeof staffRoles)[number];

/**
 * What each role may do in the API's scope vocabulary. Today every role works the whole desk
 * (members, sales, check-in, bookings, classes); roles differ in where (an owner everywhere, the
 * others at their locations) and in managing accounts (`mayManage`), which no API scope covers.
 */
export const roleScopes: Record<StaffRole, readonly Scope[]> = { owner: everyScope, manager: everyScope, front_desk: everyScope };

export type AccountRow = Tables['staff_accounts'];

/** The actor a signed-in account is: the same location rule as an API key's then applies in every service. */
export function staffActor(account: Pick<AccountRow, 'id' | 'company_id' | 'role' | 'location_ids'>): Actor {
  return {
    companyId: account.company_id,
    // Staff accounts belong to live companies: a staff session acts on live data only.
    environment: 'live',
    identity: { kind: 'staff_user', staffUserId: account.id, role: account.role },
    scopes: roleScopes[account.role],
    locationIds: account.role === 'owner' || account.location_ids === null ? null : (JSON.parse(account.location_ids) as string[]),
  };
}

/** The role an actor manages accounts as: a staff member's own, the business (CLI) as an owner; an API key none. */
export function managingRole(actor: Actor): StaffRole {
  if (actor.identity.kind === 'system') return 'owner';
  if (actor.identity.kind === 'staff_user' && (staffRoles as readonly string[]).includes(actor.identity.role)) return actor.identity.role as StaffRole;
  throw new ApiError('role_not_allowed', 'Only an owner or a manager may manage staff accounts.');
}

/**
 * May `actor` give (or take away) an account with this role at these locations? Owners manage every
 * account; a manager only front-desk accounts within its own locations; the front desk none.
 */
export function assertMayManage(actor: Actor, role: StaffRole, locationIds: readonly string[] | null): void {
  const own = managingRole(actor);
  if (own === 'owner') return;
  if (own === 'front_desk') throw new ApiError('role_not_allowed', 'The front desk may not manage staff accounts; ask a manager or an owner.');
  if (role !== 'front_desk') throw new ApiError('role_not_allowed', 'A manager may manage front-desk accounts only; ask an owner.', { param: 'role' });
  const outside = locationIds === null || locationIds.some((id) => actor.locationIds !== null && !actor.locationIds.includes(id));
  if (outside) throw new ApiError('location_not_allowed', 'A manager may give access only to the locations it works at.', { param: 'location_ids' });
}
