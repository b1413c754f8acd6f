import { ApiError } from '@studio/shared';
import type { Actor } from '../../domain/actor.js';

const timetableRoles: readonly string[] = ['owner', 'manager'];

/**
 * The timetable (series, one-off classes, cancelling, capacity, instructor) is changed by an owner or
 * a manager; the front desk views it and works the roster (book, cancel a spot, check in, waitlist).
 * Checked by the services themselves, so a staff session reaches the same rule through the web app's
 * endpoints and through the API mounted for it (/app/api/v1); API keys are bounded by their scopes.
 */
export function requireTimetableRole(actor: Actor): void {
  if (actor.identity.kind === 'staff_user' && !timetableRoles.includes(actor.identity.role)) {
    throw new ApiError('role_not_allowed', 'Only an owner or a manager may change the timetable; ask one of them.');
  }
}

/** Excusing a late cancellation gives up a credit or fee: an owner's or a manager's call. */
export function requireExcuseRole(actor: Actor): void {
  if (actor.identity.kind === 'staff_user' && !timetableRoles.includes(actor.identity.role)) {
    throw new ApiError('role_not_allowed', 'Only an owner or a manager may excuse a late cancellation; cancel without excusing, or ask one of them.', { param: 'excuse' });
  }
}
