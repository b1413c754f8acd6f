import { ApiError } from '@studio/shared';
import { memberClassesContracts as contracts } from '@studio/shared/contracts/member-classes';
import type { Clock } from '../../clock/time.js';
import type { Db } from '../../db/types.js';
import { memberAtLocation, type Actor } from '../../domain/actor.js';
import type { MemberRequestContext } from '../../http/member-context.js';
import { implement, ok, type RouteSpec } from '../../http/route.js';
import { addToWaitlist } from '../../modules/classes/admin.js';
import { bookClass } from '../../modules/classes/book.js';
import { cancelClassSpot } from '../../modules/classes/cancel.js';
import { lateCancelCost } from '../../modules/classes/cancel-terms.js';
import { leaveWaitlist } from '../../modules/classes/leave-waitlist.js';
import { memberClasses } from '../../modules/classes/member-classes.js';
import { acceptOffer, declineOffer, memberOffer } from '../../modules/classes/member-offers.js';
import { memberBookings, memberLocation, memberTimetable } from '../../modules/classes/member-timetable.js';

interface Acting {
  /** The member at their app's location: the services' own rules and reach apply (their contact alone). */
  actor: Actor;
  contactId: string;
  clock: Clock;
}

function actingMember(ctx: { member?: MemberRequestContext | undefined }): Acting {
  const member = ctx.member;
  if (!member?.session) throw new Error('a signed-in members app route was mounted as signed out');
  const { session } = member;
  return { actor: memberAtLocation(session.actor, session.locationId), contactId: session.contactId, clock: member.settings.clock };
}

/** One class as the member sees it now, after a change. */
async function classNow(db: Db, acting: Acting, classId: string) {
  const location = await memberLocation(db, acting.actor);
  const [cls] = await memberClasses(db, acting.actor, location, { from: 0, to: Date.parse('9999-12-31T00:00:00Z'), classIds: [classId], pastToo: true }, acting.clock());
  if (!cls) throw new ApiError('resource_missing', `No such class: ${classId}.`, { param: 'id' });
  return cls;
}

/**
 * The members' app's classes (shared/src/contracts/member-classes.ts): each route gives the
 * booking, cancel and waitlist services the member acting at their app's location, with the
 * member's own contact, never one from the request.
 */
export const memberClassRoutes: RouteSpec[] = [
  implement(contracts.memberTimetable, async (ctx) => {
    const acting = actingMember(ctx);
    return ok(await memberTimetable(ctx.db, acting.actor, ctx.query, acting.clock));
  }),
  implement(contracts.memberBookings, async (ctx) => {
    const acting = actingMember(ctx);
    return ok({ data: await memberBookings(ctx.db, acting.actor, acting.clock) });
  }),
  implement(contracts.memberBookClass, async (ctx) => {
    const acting = actingMember(ctx);
    const result = await bookClass(ctx.db, acting.actor, ctx.params.id, { contact_id: acting.contactId }, acting.clock);
    return { status: result.already_booked ? 200 : 201, body: await classNow(ctx.db, acting, ctx.params.id) };
  }),
  implement(contracts.memberCancelClass, async (ctx) => {
    const acting = actingMember(ctx);
    const result = await cancelClassSpot(ctx.db, acting.actor, ctx.params.id, { contact_id: acting.contactId }, acting.clock);
    const cost = result.credit_consumed ? lateCancelCost(result) : 'none';
    return ok({ late: result.late, cost, class: await classNow(ctx.db, acting, ctx.params.id) });
  }),
  implement(contracts.memberJoinWaitlist, async (ctx) => {
    const acting = actingMember(ctx);
    await addToWaitlist(ctx.db, acting.actor, ctx.params.id, acting.contactId, acting.clock());
    return ok(await classNow(ctx.db, acting, ctx.params.id));
  }),
  implement(contracts.memberLeaveWaitlist, async (ctx) => {
    const acting = actingMember(ctx);
    await leaveWaitlist(ctx.db, acting.actor, ctx.params.id, acting.contactId, acting.clock);
    return ok(await classNow(ctx.db, acting, ctx.params.id));
  }),
  implement(contracts.memberOffer, async (ctx) => {
    const acting = actingMember(ctx);
    return ok(await memberOffer(ctx.db, acting.actor, ctx.params.id, acting.clock));
  }),
  implement(contracts.memberAcceptOffer, async (ctx) => {
    const acting = actingMember(ctx);
    return ok(await acceptOffer(ctx.db, acting.actor, ctx.params.id, acting.clock));
  }),
  implement(contracts.memberDeclineOffer, async (ctx) => {
    const acting = actingMember(ctx);
    return ok(await declineOffer(ctx.db, acting.actor, ctx.params.id, acting.clock));
  }),
];
