import { ApiError, decide, type Decision } from '@studio/shared';
import type { Db, Queryable } from '../../db/types.js';
import { noteAccess } from '../../domain/access-notes.js';
import type { Actor } from '../../domain/actor.js';
import { contactsInReach } from '../locations/reach.js';
import type { LocationRow } from '../locations/lookup.js';
import { checkinRules } from '../locations/settings.js';
import { loadFacts, type MembershipFacts } from './facts.js';
import { findByIdentifier, type Match } from './identifier-lookup.js';

/**
 * Whether memberships admit their holders at a location now: the facts, and the shared check-in
 * rules' decision on them. Facility check-in, resolve and class check-in all ask here.
 */
export interface Evaluated {
  facts: MembershipFacts;
  decision: Decision;
  resolved_by: Match['resolved_by'] | null;
}

/** Facts and decisions of memberships at `location`, in the order of `ids`. */
async function evaluateMany(db: Db, sql: Queryable, actor: Actor, location: LocationRow, ids: readonly string[], now: Date): Promise<Omit<Evaluated, 'resolved_by'>[]> {
  const facts = await loadFacts(db, sql, actor.companyId, ids, location, now);
  return judge(
    db,
    sql,
    actor,
    location,
    ids.flatMap((id) => facts.get(id) ?? []),
    now,
  );
}

/** The decisions on memberships whose facts are in hand, leaving out those outside the actor's reach. */
export async function judge(db: Db, sql: Queryable, actor: Actor, location: LocationRow, facts: readonly MembershipFacts[], now: Date): Promise<Omit<Evaluated, 'resolved_by'>[]> {
  const rules = checkinRules(location);
  // A membership whose holder is outside the actor's reach is not shown: unknown, as to the location's devices.
  // A membership admitted here admits one of the actor's locations (this one was checked): its holder is
  // within reach without a query, so a turnstile's everyday scan costs nothing more.
  const admitted = facts.filter((f) => f.allowed_here).map((f) => f.contact_id);
  const others = facts.filter((f) => !f.allowed_here).map((f) => f.contact_id);
  const reached = new Set([...admitted, ...(await contactsInReach(db, sql, actor, others))]);
  for (const contactId of reached) noteAccess(actor, { contact: contactId });
  return facts.flatMap((f) => (reached.has(f.contact_id) ? [{ facts: f, decision: decide(f, rules, now) }] : []));
}

/** Facts and decision of one membership at `location`; null when it is not the company's or outside the actor's reach. */
export async function evaluate(db: Db, sql: Queryable, actor: Actor, location: LocationRow, membershipId: string, now: Date): Promise<Omit<Evaluated, 'resolved_by'> | null> {
  return (await evaluateMany(db, sql, actor, location, [membershipId], now))[0] ?? null;
}

/** The membership behind an identifier, evaluated; null when nothing matches within the actor's reach. */
export async function evaluateIdentifier(db: Db, sql: Queryable, actor: Actor, location: LocationRow, identifier: string, now: Date): Promise<Evaluated | null> {
  const match = await findByIdentifier(db, sql, actor.companyId, identifier, checkinRules(location).matching_profile);
  if (!match) return null;
  const evaluated = await evaluate(db, sql, actor, location, match.membership_id, now);
  return evaluated && { ...evaluated, resolved_by: match.resolved_by };
}

/** The best membership a contact holds for a check-in here: a valid one, else the latest. */
export async function evaluateContact(db: Db, sql: Queryable, actor: Actor, location: LocationRow, contactId: string, now: Date): Promise<Evaluated | null> {
  const contact = await sql.first(db.qb.selectFrom('contacts').select('id').where('id', '=', contactId).where('company_id', '=', actor.companyId));
  if (!contact) throw new ApiError('resource_missing', `No such contact: ${contactId}.`, { param: 'contact_id' });
  const ids = (await sql.all(db.qb.selectFrom('memberships').select('id').where('contact_id', '=', contactId).orderBy('created_at', 'desc').orderBy('id', 'desc'))).map((row) => row.id);
  const evaluated = (await evaluateMany(db, sql, actor, location, ids, now)).map((e) => ({ ...e, resolved_by: null }));
  return evaluated.find((e) => e.decision.valid) ?? evaluated[0] ?? null;
}
