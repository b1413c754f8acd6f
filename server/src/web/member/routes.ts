import { ApiError } from '@studio/shared';
import { memberAuthContracts as contracts } from '@studio/shared/contracts';
import type { Db } from '../../db/types.js';
import type { MemberRequestContext } from '../../http/member-context.js';
import { accepted, implement, ok, routesFor, type RouteSpec } from '../../http/route.js';
import { requestSignInCode, signInWithCode, signInWithLink } from '../../modules/member-auth/codes.js';
import { appLocation, appLocationView, sessionLocation } from '../../modules/member-auth/location.js';
import { endMemberSessionByToken, endMemberSessions, memberSessionFromToken, openMemberSessions, type MemberSession } from '../../modules/member-auth/sessions.js';
import { memberContracts } from '@studio/shared/contracts';
import { csrfToken } from '../csrf.js';
import { appLocationRoutes } from './app-location-routes.js';
import { memberClassRoutes } from './class-routes.js';
import { memberPassRoutes } from './pass-routes.js';
import { memberAccountDataRoutes } from './account-data-routes.js';
import { memberAppointmentRoutes } from './appointment-routes.js';
import { memberPreferencesRoutes } from './preferences-routes.js';

function memberOf(ctx: { member?: MemberRequestContext | undefined }): MemberRequestContext {
  if (!ctx.member) throw new Error('a members app route was mounted without the member authenticator');
  return ctx.member;
}

function signedInOf(ctx: { member?: MemberRequestContext | undefined }): MemberSession & { token: string } {
  const member = memberOf(ctx);
  if (!member.session || member.sentToken === undefined) throw new Error('a signed-in members app route was mounted as signed out');
  return { ...member.session, token: member.sentToken };
}

/** What the app shows of the signed-in member: the first name, the location and its language; and the CSRF token for writes. */
async function memberView(db: Db, session: MemberSession, token: string) {
  const [contact, location] = await Promise.all([
    db.first(db.qb.selectFrom('contacts').select('first_name').where('id', '=', session.contactId).where('company_id', '=', session.companyId)),
    sessionLocation(db, session.locationId),
  ]);
  return {
    contact_id: session.contactId,
    first_name: contact?.first_name ?? '',
    location: appLocationView(location),
    language: location.language,
    csrf_token: csrfToken(token),
  };
}

const sentWords = 'If this email belongs to a member of the studio, a code and a sign-in link are on their way. Check your inbox.';

const memberAuthRoutes: RouteSpec[] = [
  implement(contracts.memberRequestSignInCode, async (ctx) => {
    const member = memberOf(ctx);
    // Anyone may ask: a flood from one client is cut off before it costs a lookup.
    await member.admitAnonymous();
    const location = await appLocation(ctx.db, ctx.body.location, ctx.body.company_id);
    await requestSignInCode(ctx.db, member.settings, location, { email: ctx.body.email, origin: member.origin });
    return accepted({ minutes: Math.round(member.settings.codeValidityMs / 60_000), message: sentWords });
  }),
  implement(contracts.memberSignIn, async (ctx) => {
    const member = memberOf(ctx);
    await member.admitAnonymous();
    // A cookie the browser already holds is ended first: a planted one is never promoted.
    if (member.sentToken !== undefined) await endMemberSessionByToken(ctx.db, member.settings, member.sentToken);
    const body = ctx.body;
    const opened =
      'link_secret' in body
        ? await signInWithLink(ctx.db, member.settings, { secret: body.link_secret, userAgent: member.userAgent })
        : await signInWithCode(ctx.db, member.settings, { email: body.email, code: body.code, address: member.address, userAgent: member.userAgent });
    member.startSession(opened);
    return ok(await memberView(ctx.db, await memberSessionFromToken(ctx.db, member.settings, opened.token), opened.token));
  }),
  implement(contracts.memberMe, async (ctx) => {
    const session = signedInOf(ctx);
    return ok(await memberView(ctx.db, session, session.token));
  }),
  implement(contracts.memberListSessions, async (ctx) => {
    const session = signedInOf(ctx);
    const rows = await openMemberSessions(ctx.db, memberOf(ctx).settings, session.companyId, session.contactId);
    return ok({ data: rows.map((row) => ({ id: row.id, created_at: row.created_at, last_seen_at: row.last_seen_at, device: row.user_agent, current: row.id === session.sessionId })) });
  }),
  implement(contracts.memberEndSession, async (ctx) => {
    const session = signedInOf(ctx);
    const member = memberOf(ctx);
    // Another member's session is not found, as one that never was: the member's own contact is part of the condition.
    const ended = await endMemberSessions(ctx.db, member.settings, session, ctx.params.id, 'member');
    if (ended === 0) throw new ApiError('resource_missing', 'No such open session of yours.', { param: 'id' });
    if (ctx.params.id === session.sessionId) member.endSession();
    return { status: 204, body: undefined };
  }),
  implement(contracts.memberSignOut, async (ctx) => {
    const session = signedInOf(ctx);
    const member = memberOf(ctx);
    await endMemberSessions(ctx.db, member.settings, session, session.sessionId, 'member');
    member.endSession();
    return { status: 204, body: undefined };
  }),
];

/** The members' app's routes, mounted under /m/api (mount-member.ts), in their contracts' order. */
export const memberRoutes: readonly RouteSpec[] = routesFor(memberContracts, [
  ...appLocationRoutes,
  ...memberAuthRoutes,
  ...memberClassRoutes,
  ...memberAppointmentRoutes,
  ...memberAccountDataRoutes,
  ...memberPassRoutes,
  ...memberPreferencesRoutes,
]);
