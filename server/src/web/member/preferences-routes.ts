import { memberPreferencesContracts as contracts } from '@studio/shared/contracts';
import { memberAtLocation } from '../../domain/actor.js';
import type { MemberRequestContext } from '../../http/member-context.js';
import { implement, ok, type RouteSpec } from '../../http/route.js';
import { getContact } from '../../modules/contacts/service.js';
import { preferencesOf, setClassReminders } from '../../modules/messages/preferences.js';

function sessionOf(ctx: { member?: MemberRequestContext | undefined }) {
  if (!ctx.member?.session) throw new Error('a signed-in members app route was mounted as signed out');
  return { session: ctx.member.session, clock: ctx.member.settings.clock };
}

/**
 * The member's own email choices. The contact is reached as every service reaches one, with the
 * member's actor at the app's location: the member's own contact, nobody else's.
 */
export const memberPreferencesRoutes: RouteSpec[] = [
  implement(contracts.memberPreferences, async (ctx) => {
    const { session } = sessionOf(ctx);
    const contact = await getContact(ctx.db, memberAtLocation(session.actor, session.locationId), session.contactId);
    return ok(await preferencesOf(ctx.db, ctx.db, contact.id));
  }),
  implement(contracts.memberUpdatePreferences, async (ctx) => {
    const { session, clock } = sessionOf(ctx);
    const contact = await getContact(ctx.db, memberAtLocation(session.actor, session.locationId), session.contactId);
    if (ctx.body.class_reminders === undefined) return ok(await preferencesOf(ctx.db, ctx.db, contact.id));
    return ok(await setClassReminders(ctx.db, ctx.db, { id: contact.id, companyId: session.companyId }, ctx.body.class_reminders, 'member', clock));
  }),
];
