import { contracts } from '@studio/shared/contracts';
import { ApiError } from '@studio/shared';
import type { Db } from '../db/types.js';
import { created, implement, ok, type HandlerContext } from '../http/route.js';
import { createOwnerFromLink } from '../modules/staff-accounts/setup-link.js';
import { openSession, openSessions, sessionFromToken, signOut, type StaffSession } from '../modules/staff-accounts/sessions.js';
import { setOwnLanguage } from '../modules/staff-accounts/language.js';
import { changeOwnPassword } from '../modules/staff-accounts/own-password.js';
import { usePasswordLink } from '../modules/staff-accounts/password-links.js';
import { signIn, signOutEverywhere } from '../modules/staff-accounts/sign-in.js';
import type { WebRequestContext } from '../http/web-context.js';
import { sessionView } from './session-view.js';

/** The web context every /app/api route is given (web/session-auth.ts); absent only if mounted wrongly. */
export function webOf(ctx: { web?: WebRequestContext | undefined }): WebRequestContext {
  if (!ctx.web) throw new Error('a web route was mounted without the session authenticator');
  return ctx.web;
}

export function sessionOf(ctx: { session?: StaffSession | undefined }): StaffSession {
  if (!ctx.session) throw new Error('a signed-in web route was mounted without the session authenticator');
  return ctx.session;
}

/**
 * The business a sign-in is for: the one named, or the server's only one (a one-box holds one).
 * A test-mode twin is no business of its own (staff sign in to its live company), so it is not counted.
 */
async function signInCompany(db: Db, named: string | undefined): Promise<string> {
  if (named !== undefined) return named;
  const companies = await db.all(db.qb.selectFrom('companies').select('id').where('live_company_id', 'is', null).orderBy('id').limit(2));
  if (companies.length === 1) return companies[0]!.id;
  throw new ApiError('missing_field', 'This server holds several businesses: choose the one to sign in to.', { param: 'company_id' });
}

/** A cookie the browser already holds is ended before a new session is opened: a planted one is never promoted. */
async function endSentSession(ctx: HandlerContext<unknown, unknown, unknown>): Promise<void> {
  const web = webOf(ctx);
  if (web.sentToken !== undefined) await signOut(ctx.db, web.settings, web.sentToken);
}

/**
 * What the signed-out sign-in page shows: the business's name (the one named, or the server's
 * only one), and whether it has no active owner yet, for the first-run hint. Nothing secret.
 */
async function signInPage(db: Db, named: string | undefined) {
  const companies = await db.all(db.qb.selectFrom('companies').select(['id', 'name']).where('live_company_id', 'is', null).orderBy('id').limit(2));
  const company =
    named === undefined
      ? companies.length === 1
        ? companies[0]
        : undefined
      : await db.first(db.qb.selectFrom('companies').select(['id', 'name']).where('id', '=', named).where('live_company_id', 'is', null));
  if (!company) return { studio_name: null, needs_owner: false };
  const owner = await db.first(db.qb.selectFrom('staff_accounts').select('id').where('company_id', '=', company.id).where('role', '=', 'owner').where('disabled_at', 'is', null).limit(1));
  return { studio_name: company.name, needs_owner: owner === undefined };
}

async function answerNewSession(db: Db, web: WebRequestContext, opened: { token: string; expiresAt: string }) {
  web.startSession(opened);
  return sessionView(db, await sessionFromToken(db, web.settings, opened.token), opened.token);
}

export const authRoutes = [
  implement(contracts.webSignIn, async (ctx) => {
    const { db, body } = ctx;
    const web = webOf(ctx);
    const companyId = await signInCompany(db, body.company_id);
    await endSentSession(ctx);
    const opened = await signIn(db, web.settings, { companyId, email: body.email, password: body.password, address: web.address, userAgent: web.userAgent });
    return ok(await answerNewSession(db, web, opened));
  }),
  implement(contracts.webOwnerSetup, async (ctx) => {
    const { db, body } = ctx;
    const web = webOf(ctx);
    // Anyone may try a token: a flood from one client is cut off before it costs even a lookup.
    await web.admitAnonymous();
    const account = await createOwnerFromLink(db, web.settings, { token: body.token, email: body.email, displayName: body.display_name, password: body.password });
    await endSentSession(ctx);
    const opened = await db.transaction((sql) => openSession(db, sql, web.settings, account.id, { address: web.address, userAgent: web.userAgent }));
    return created(await answerNewSession(db, web, opened));
  }),
  implement(contracts.webSignInPage, async (ctx) => {
    // Signed out and answered to anyone: a flood from one client is cut off before any lookup.
    await webOf(ctx).admitAnonymous();
    return ok(await signInPage(ctx.db, ctx.query.company_id));
  }),
  implement(contracts.webUsePasswordLink, async (ctx) => {
    const { db, body } = ctx;
    const web = webOf(ctx);
    // Anyone may try a link: a flood from one client is cut off before it costs even a lookup.
    await web.admitAnonymous();
    const accountId = await usePasswordLink(db, web.settings, { link: body.link, password: body.password });
    await endSentSession(ctx);
    const opened = await db.transaction((sql) => openSession(db, sql, web.settings, accountId, { address: web.address, userAgent: web.userAgent }));
    return ok(await answerNewSession(db, web, opened));
  }),
  implement(contracts.webChangeOwnPassword, async (ctx) => {
    const session = sessionOf(ctx);
    const input = { currentPassword: ctx.body.current_password, newPassword: ctx.body.new_password, keepSessionId: session.sessionId };
    return ok({ other_sessions_ended: await changeOwnPassword(ctx.db, webOf(ctx).settings, ctx.actor, input) });
  }),
  implement(contracts.webSession, async (ctx) => ok(await sessionView(ctx.db, sessionOf(ctx), webOf(ctx).sentToken!))),
  implement(contracts.webSignOut, async (ctx) => {
    const web = webOf(ctx);
    await signOut(ctx.db, web.settings, web.sentToken!);
    web.endSession();
    return { status: 204, body: undefined };
  }),
  implement(contracts.webSignOutEverywhere, async (ctx) => {
    const web = webOf(ctx);
    await signOutEverywhere(ctx.db, web.settings, ctx.actor);
    web.endSession();
    return { status: 204, body: undefined };
  }),
  implement(contracts.webSetOwnLanguage, async ({ db, actor, body }) => ok({ language: await setOwnLanguage(db, actor, body.language) })),
  implement(contracts.webListSessions, async (ctx) => {
    const session = sessionOf(ctx);
    const rows = await openSessions(ctx.db, webOf(ctx).settings, session.account.id);
    return ok({ data: rows.map(({ expires_at: _expires, ...row }) => ({ ...row, current: row.id === session.sessionId })) });
  }),
];
