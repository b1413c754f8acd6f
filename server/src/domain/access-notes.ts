import type { Scope } from '@studio/shared';
import type { Actor } from './actor.js';

/**
 * What an answer depended on the actor being allowed. An idempotent request's answer is stored
 * with these, and re-checked before it is replayed to another key (plugins/idempotency.ts).
 */
export type AccessCheck = { location: string } | { contact: string } | { scope: Scope };

const notes = new WeakMap<Actor, AccessCheck[]>();

/** Records that the actor's current answer depends on `check` holding for it. */
export function noteAccess(actor: Actor, check: AccessCheck): void {
  const list = notes.get(actor) ?? notes.set(actor, []).get(actor)!;
  if (!list.some((seen) => JSON.stringify(seen) === JSON.stringify(check))) list.push(check);
}

/** Every check noted for the actor, in the order first noted. */
export function accessChecks(actor: Actor): AccessCheck[] {
  return notes.get(actor) ?? [];
}
