import { contracts } from '@studio/shared/contracts';
import type { Clock } from '../../clock/time.js';
import type { Db } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import { implement, ok, type RouteSpec } from '../../http/route.js';
import { getContact } from '../../modules/contacts/service.js';
import { endMemberSessions, openMemberSessions } from '../../modules/member-auth/sessions.js';
import { memberAuthSettings } from '../../modules/member-auth/settings.js';

/** The member staff act on: found as the member's page finds it (another company's 404, outside the staff member's locations 403). */
async function memberOfPage(db: Db, actor: Actor, contactId: string) {
  const contact = await getContact(db, actor, contactId);
  return { companyId: actor.companyId, contactId: contact.id };
}

/** The member's page: the devices the member is signed in on in the members' app, and signing them out. */
export function memberAppSessionRoutes(clock: Clock): RouteSpec[] {
  const settings = memberAuthSettings(clock);
  return [
    implement(contracts.webMemberSessions, async ({ db, actor, params }) => {
      const member = await memberOfPage(db, actor, params.id);
      const rows = await openMemberSessions(db, settings, member.companyId, member.contactId);
      return ok({ data: rows.map((row) => ({ id: row.id, created_at: row.created_at, last_seen_at: row.last_seen_at, device: row.user_agent })) });
    }),
    implement(contracts.webEndMemberSessions, async ({ db, actor, params, body }) => {
      const member = await memberOfPage(db, actor, params.id);
      return ok({ ended: await endMemberSessions(db, settings, member, body.session_id ?? null, 'staff') });
    }),
  ];
}
