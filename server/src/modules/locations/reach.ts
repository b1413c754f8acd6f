import { ApiError } from '@studio/shared';
import type { ExpressionBuilder } from 'kysely';
import type { Tables } from '../../db/tables.js';
import type { Db, Queryable } from '../../db/types.js';
import { noteAccess } from '../../domain/access-notes.js';
import { actorNoun, type Actor } from '../../domain/actor.js';

/**
 * The one rule for an actor limited to some locations (issue 14, item 5), as the OpenAPI document
 * states it for keys; a staff user limited to some locations is held to the same rule. A contact is
 * "within reach" of the actor when their home location is one of the actor's, or they hold a
 * membership or package (any status) that admits one of the actor's locations: sold there, or on a
 * plan whose access list is absent or names it. Those are the members the location's devices
 * already know from the eligibility feed.
 */
export const locationRule = `A key is limited to chosen locations or to all. A target location outside them is 403
\`location_not_allowed\`, and lists never show rows of other locations. A contact is within a
limited key's reach when their home location is one of the key's, or they hold a membership or
package (of any status) admitting one of the key's locations: sold there, or on a plan whose access
list is absent or names it, the members that location's devices find in the eligibility feed.
Within reach a contact is read whole (record, memberships, visits) and may be booked and checked
in at the key's locations; their record is changed only by a key of their home location. Naming
any other contact of the company, or a membership of theirs, is 403 \`location_not_allowed\` on
every route, before anything is recorded or shown; a card or member code of a membership outside
reach is answered as unknown (\`found: false\`, 404 \`member_not_found\`). A booking, a class and
its roster belong to their location. An answer never shows what the key may not read: a
contact's record is answered only to a key with \`read:contacts\` (\`createContact\`,
\`updateContact\`).`;

type Eb = ExpressionBuilder<Tables & { m: Tables['memberships']; p: Tables['membership_plans'] }, 'm' | 'p'>;

/** A membership admitting one of `locations`: the eligibility feed's rule, for several locations at once. */
function admitsAny(eb: Eb, locations: readonly string[]) {
  return eb.or([eb('m.location_id', 'in', locations), eb('p.access_location_ids', 'is', null), ...locations.map((id) => eb('p.access_location_ids', 'like', `%"${id}"%`))]);
}

/** Of `contactIds` (the company's), those within the actor's reach. */
export async function contactsInReach(db: Db, sql: Queryable, actor: Actor, contactIds: readonly string[]): Promise<Set<string>> {
  const ids = [...new Set(contactIds)];
  // A member reaches themselves alone, and only when acting at their app's location (`memberAtLocation`).
  if (actor.identity.kind === 'member') {
    const self = actor.identity.contactId;
    return new Set(actor.locationIds?.length ? ids.filter((id) => id === self) : []);
  }
  if (actor.locationIds === null) return new Set(ids);
  // Keys are minted with at least one location; were one not, it would reach no one.
  const locations = actor.locationIds;
  if (ids.length === 0 || locations.length === 0) return new Set();
  const rows = await sql.all(
    db.qb
      .selectFrom('contacts as c')
      .select('c.id')
      .where('c.company_id', '=', actor.companyId)
      .where('c.id', 'in', ids)
      .where((eb) =>
        eb.or([
          eb('c.location_id', 'in', locations),
          eb.exists(
            eb
              .selectFrom('memberships as m')
              .leftJoin('membership_plans as p', 'p.id', 'm.plan_id')
              .select('m.id')
              .whereRef('m.contact_id', '=', 'c.id')
              .where((inner) => admitsAny(inner as unknown as Eb, locations)),
          ),
        ]),
      ),
  );
  return new Set(rows.map((row) => row.id));
}

/**
 * The contact named by a request: another company's or an unknown id is 404, one outside the
 * actor's reach 403 (`locationRule`). Noted, so a replay to another key checks it again.
 */
export async function requireContactInReach(db: Db, sql: Queryable, actor: Actor, contactId: string, param: string): Promise<void> {
  const contact = await sql.first(db.qb.selectFrom('contacts').select('id').where('id', '=', contactId).where('company_id', '=', actor.companyId));
  if (!contact) throw new ApiError('resource_missing', `No such contact: ${contactId}.`, { param });
  await assertInReach(db, sql, actor, contactId, 'contact', param);
}

/** The membership named by a request, by its holder's reach; 404 when it is not the company's. */
export async function requireMembershipInReach(db: Db, sql: Queryable, actor: Actor, membershipId: string, param: string): Promise<void> {
  const membership = await sql.first(db.qb.selectFrom('memberships').select('contact_id').where('id', '=', membershipId).where('company_id', '=', actor.companyId));
  if (!membership) throw new ApiError('resource_missing', `No such membership: ${membershipId}.`, { param });
  await assertInReach(db, sql, actor, membership.contact_id, 'membership', param);
}

/**
 * Refuses (403) a contact of the company outside the actor's reach, or a membership (`what`) they
 * hold; the caller has found them. Noted, so a replay to another key checks it again.
 */
export async function assertInReach(db: Db, sql: Queryable, actor: Actor, contactId: string, what: 'contact' | 'membership', param: string): Promise<void> {
  if (!(await contactsInReach(db, sql, actor, [contactId])).has(contactId)) {
    throw new ApiError('location_not_allowed', `This ${what} is outside the locations ${actorNoun(actor)} may act on.`, { param });
  }
  noteAccess(actor, { contact: contactId });
}
