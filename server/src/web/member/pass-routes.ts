import { memberPassContracts as contracts } from '@studio/shared/contracts';
import { memberAtLocation } from '../../domain/actor.js';
import { implement, ok, type RouteSpec } from '../../http/route.js';
import { openMemberPass } from '../../modules/passes/member-passes.js';

/**
 * The members' app's phone pass (docs/phone-pass.md): the member's own key at the app's location,
 * through the same service and reach check as any actor, the member acting at their location.
 */
export const memberPassRoutes: RouteSpec[] = [
  implement(contracts.memberOpenPass, async (ctx) => {
    const session = ctx.member?.session;
    if (!session) throw new Error('a signed-in members app route was mounted as signed out');
    const actor = memberAtLocation(session.actor, session.locationId);
    return ok(await openMemberPass(ctx.db, actor, session.contactId, session.locationId, ctx.member!.settings.clock));
  }),
];
