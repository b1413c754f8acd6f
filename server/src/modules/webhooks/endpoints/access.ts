import { ApiError } from '@studio/shared';
import type { Actor } from '../../../domain/actor.js';

/**
 * Who may manage webhook endpoints. An endpoint receives the events of every location of the
 * company, so only an actor of every location (`locationIds` null) may see or change one: a key or
 * staff member limited to some locations would otherwise read what happens at the others. Among
 * staff, owners only (managers and the front desk work at locations, not on integrations).
 */
export function assertMayManageEndpoints(actor: Actor): void {
  // Checked here as well as by the route, so the CLI and the web routes keep the same rule (docs/architecture.md §1).
  if (!actor.scopes.includes('write:webhooks')) throw new ApiError('insufficient_scope', 'Managing webhook endpoints needs the write:webhooks scope.');
  if (actor.identity.kind === 'staff_user' && actor.identity.role !== 'owner') {
    throw new ApiError('role_not_allowed', 'Only an owner may manage webhook endpoints; ask an owner.');
  }
  if (actor.locationIds !== null) {
    throw new ApiError('location_not_allowed', 'Webhook endpoints receive the events of every location, so they are managed only with a key (or account) for all locations, not one limited to some.');
  }
}
