import { ApiError, decide, type Decision, type ResolveResult } from '@studio/shared';
import type { Db, Queryable } from '../../db/types.js';
import type { AuthContext, LocationRow } from '../../plugins/auth.js';
import { contactsInReach, noteAccess } from '../../plugins/reach.js';
import { checkinRules } from '../locations/settings.js';
import { loadFacts, type MembershipFacts } from './facts.js';
import { findByIdentifier, type Match } from './lookup.js';

export interface Evaluated {
  facts: MembershipFacts;
  decision: Decision;
  resolved_by: Match['resolved_by'] | null;
}

/** Facts and decisions of memberships at `location`, in the order of `ids`. */
async function evaluateMany(db: Db, sql: Queryable, auth: AuthContext, location: LocationRow, ids: readonly string[], now: Date): Promise<Omit<Evaluated, 'resolved_by'>[]> {
  const rules = checkinRules(location);
  const facts = await loadFacts(db, sql, auth.companyId, ids, location, now);
  // A membership whose holder is outside the key's reach is not shown: unknown, as to the location's devices.
  // A membership admitted here admits one of the key's locations (this one was checked): its holder is
  // within reach without a query, so a turnstile's everyday scan costs nothing more.
  const all = [...facts.values()];
  const admitted = all.filter((f) => f.allowed_here).map((f) => f.contact_id);
  const others = all.filter((f) => !f.allowed_here).map((f) => f.contact_id);
  const reached = new Set([...admitted, ...(await contactsInReach(db, sql, auth, others))]);
  for (const contactId of reached) noteAccess(auth, { contact: contactId });
  return ids.flatMap((id) => {
    const f = facts.get(id);
    return f && reached.has(f.contact_id) ? [{ facts: f, decision: decide(f, rules, now) }] : [];
  });
}

/** Facts and decision of one membership at `location`; null when it is not the company's or outside the key's reach. */
export async function evaluate(db: Db, sql: Queryable, auth: AuthContext, location: LocationRow, membershipId: string, now: Date): Promise<Omit<Evaluated, 'resolved_by'> | null> {
  return (await evaluateMany(db, sql, auth, location, [membershipId], now))[0] ?? null;
}

/** The membership behind an identifier, evaluated; null when nothing matches within the key's reach. */
export async function evaluateIdentifier(db: Db, sql: Queryable, auth: AuthContext, location: LocationRow, identifier: string, now: Date): Promise<Evaluated | null> {
  const match = await findByIdentifier(db, sql, auth.companyId, identifier, checkinRules(location).matching_profile);
  if (!match) return null;
  const evaluated = await evaluate(db, sql, auth, location, match.membership_id, now);
  return evaluated && { ...evaluated, resolved_by: match.resolved_by };
}

/** The best membership a contact holds for a check-in here: a valid one, else the latest. */
export async function evaluateContact(db: Db, sql: Queryable, auth: AuthContext, location: LocationRow, contactId: string, now: Date): Promise<Evaluated | null> {
  const contact = await sql.first(db.qb.selectFrom('contacts').select('id').where('id', '=', contactId).where('company_id', '=', auth.companyId));
  if (!contact) throw new ApiError('resource_missing', `No such contact: ${contactId}.`, { param: 'contact_id' });
  const ids = (await sql.all(db.qb.selectFrom('memberships').select('id').where('contact_id', '=', contactId).orderBy('created_at', 'desc').orderBy('id', 'desc'))).map((row) => row.id);
  const evaluated = (await evaluateMany(db, sql, auth, location, ids, now)).map((e) => ({ ...e, resolved_by: null }));
  return evaluated.find((e) => e.decision.valid) ?? evaluated[0] ?? null;
}

export function resolveResult(evaluated: Evaluated | null): ResolveResult {
  if (!evaluated) {
    return { found: false, membership_id: null, contact_id: null, resolved_by: null, valid_for_checkin: false, reason: 'not_found', plan_name: null, status: null, warnings: [] };
  }
  const { facts, decision } = evaluated;
  return {
    found: true,
    membership_id: facts.membership_id,
    contact_id: facts.contact_id,
    resolved_by: evaluated.resolved_by,
    valid_for_checkin: decision.valid,
    reason: decision.reason,
    plan_name: facts.plan_name,
    status: facts.status as ResolveResult['status'],
    warnings: decision.warnings,
  };
}
