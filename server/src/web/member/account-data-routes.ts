import { ApiError } from '@studio/shared';
import { memberAccountDataContracts as contracts } from '@studio/shared/contracts/member-account-data';
import { toIso } from '../../clock/time.js';
import { implement, ok, type RouteSpec } from '../../http/route.js';
import { calendarFeedOf, feedOwnerOf, renewCalendarFeed, revokeCalendarFeed } from '../../modules/member-auth/calendar-feed.js';
import { sessionLocation } from '../../modules/member-auth/location.js';
import { bookingCalendar, upcomingCalendar } from '../../modules/members/member-calendar.js';
import { ownMembershipsAndVisits } from '../../modules/members/member-own.js';
import { signedInMember } from './signed-in.js';

/** An iCalendar answer; `file`: offered as a download by that name. */
function calendarReply(text: string, file?: string) {
  const headers: Record<string, string> = { 'content-type': 'text/calendar; charset=utf-8', 'cache-control': 'no-store' };
  if (file) headers['content-disposition'] = `attachment; filename="${file}"`;
  return { status: 200, body: text, headers };
}

/** The feed's address below /m/api (mount-member.ts), on the origin the member asked from. */
const feedUrl = (origin: string, token: string) => `${origin}/m/api/calendar-feed/${token}.ics`;

/**
 * What a member reads of their own: memberships and visits (the desk's member page service, for
 * the member), their bookings as .ics, and their private calendar feed, which calendar apps read
 * with its token alone.
 */
export const memberAccountDataRoutes: RouteSpec[] = [
  implement(contracts.memberMemberships, async (ctx) => {
    const { session, actor, clock } = signedInMember(ctx);
    return ok({ data: (await ownMembershipsAndVisits(ctx.db, actor, session.contactId, clock)).memberships });
  }),
  implement(contracts.memberVisits, async (ctx) => {
    const { session, actor, clock } = signedInMember(ctx);
    return ok({ data: (await ownMembershipsAndVisits(ctx.db, actor, session.contactId, clock)).visits });
  }),
  implement(contracts.memberBookingCalendar, async (ctx) => {
    const { session } = signedInMember(ctx);
    // The contact is part of the condition: another member's booking is not found, as one that never was.
    const found = await bookingCalendar(ctx.db, session, ctx.params.kind, ctx.params.id);
    if (!found) throw new ApiError('resource_missing', 'No such booking of yours.', { param: 'id' });
    return calendarReply(found.text, `${ctx.params.kind}-${ctx.params.id.slice(0, 8)}.ics`);
  }),
  implement(contracts.memberCalendarFeed, async (ctx) => {
    const { session } = signedInMember(ctx);
    const feed = await calendarFeedOf(ctx.db, session);
    return ok({ active: feed !== undefined, created_at: feed?.created_at ?? null, url: null });
  }),
  implement(contracts.memberRenewCalendarFeed, async (ctx) => {
    const { session, clock, origin } = signedInMember(ctx);
    const { token, created_at } = await renewCalendarFeed(ctx.db, session, clock);
    return ok({ active: true, created_at, url: feedUrl(origin, token) });
  }),
  implement(contracts.memberRevokeCalendarFeed, async (ctx) => {
    const { session } = signedInMember(ctx);
    await revokeCalendarFeed(ctx.db, session);
    return { status: 204, body: undefined };
  }),
  implement(contracts.memberCalendarFeedByToken, async (ctx) => {
    const member = ctx.member!;
    // Nobody signs in here: a flood of guessed tokens is cut off like any anonymous client.
    await member.admitAnonymous();
    const owner = await feedOwnerOf(ctx.db, ctx.params.token.slice(0, -'.ics'.length));
    if (!owner) throw new ApiError('resource_missing', 'This calendar link does not work any more: make a new one in the app.', { param: 'token' });
    const location = await sessionLocation(ctx.db, owner.locationId);
    return calendarReply(await upcomingCalendar(ctx.db, owner, location.name, toIso(member.settings.clock())));
  }),
];
