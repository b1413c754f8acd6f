import { ApiError } from '@studio/shared';
import type { Actor } from '../../domain/actor.js';
import { managingRole } from './roles.js';

/**
 * Who may change the business's setup. The owner (and the CLI, acting as the business) everything;
 * a manager its own locations' settings, rooms and staff schedules; the front desk nothing. An API
 * key has no role and is refused too: setup is not in the API.
 */
function roleOf(actor: Actor) {
  try {
    return managingRole(actor);
  } catch {
    throw new ApiError('role_not_allowed', 'Setup is changed by a signed-in owner or manager.');
  }
}

/** Locations, staff members, services, plans, packages and gift cards: the owner's. */
export function requireOwner(actor: Actor, what: string): void {
  const role = roleOf(actor);
  if (role !== 'owner') throw new ApiError('role_not_allowed', `${what} are set up by an owner; ask one.`);
}

/** Reading setup, a location's settings and its rooms: an owner's or a manager's (the location rule then applies). */
export function requireManager(actor: Actor, what: string): void {
  const role = roleOf(actor);
  if (role === 'front_desk') throw new ApiError('role_not_allowed', `The front desk may not change ${what}; ask a manager or an owner.`);
}
