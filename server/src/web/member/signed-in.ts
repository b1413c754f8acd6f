import { memberAtLocation, type Actor } from '../../domain/actor.js';
import type { MemberRequestContext } from '../../http/member-context.js';
import type { MemberSession } from '../../modules/member-auth/sessions.js';
import type { Clock } from '../../clock/time.js';

/**
 * The signed-in member of a /m/api route, and the actor the domain services take for them: the
 * member at their app's location (`memberAtLocation`), whose reach is their own contact alone.
 */
export function signedInMember(ctx: { member?: MemberRequestContext | undefined }): { session: MemberSession; actor: Actor; clock: Clock; origin: string } {
  const session = ctx.member?.session;
  if (!ctx.member || !session) throw new Error('a signed-in members app route was mounted as signed out');
  return { session, actor: memberAtLocation(session.actor, session.locationId), clock: ctx.member.settings.clock, origin: ctx.member.origin };
}
