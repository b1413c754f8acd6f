import { randomUUID } from 'node:crypto';
import { ApiError, candidateKeys, credentialHash, doorEntryCounts, type CheckInRequest, type Visit } from '@studio/shared';
import type { z } from 'zod';
import type { Db, Queryable } from '../../db/types.js';
import { RecordedRefusal } from '../../http/recorded-refusal.js';
import type { HandlerContext, Reply } from '../../http/route.js';
import { requireLocation, type AuthContext, type LocationRow } from '../../plugins/auth.js';
import { nowIso } from '../../clock/time.js';
import { checkinRules } from '../locations/settings.js';
import { checkInAtDoorToClass } from '../classes/door-check-in.js';
import { lockContact } from '../classes/class-repository.js';
import { bumpFeed } from './feed-sequence.js';
import { findByIdentifier } from './lookup.js';
import { reasonMessages } from './reason-messages.js';
import { reportedCheckInTime } from './reported-time.js';
import { toVisit } from './visits.js';
import { evaluate, evaluateContact, type Evaluated } from './resolve.js';

type Ctx = HandlerContext<unknown, unknown, unknown>;
type Body = z.output<typeof CheckInRequest>;

type NamedBy = 'identifier' | 'membership_id' | 'contact_id';

function identifiedBy(body: Body): NamedBy {
  const given = (['identifier', 'membership_id', 'contact_id'] as const).filter((field) => body[field] !== undefined);
  if (given.length === 0) throw new ApiError('missing_field', 'Send one of identifier, membership_id or contact_id.', { param: 'identifier' });
  if (given.length > 1) throw new ApiError('invalid_param', `Send only one of identifier, membership_id or contact_id, not ${given.join(' and ')}.`, { param: given[1]! });
  return given[0]!;
}

/**
 * Serialises check-ins of one membership, so two turnstiles cannot both take the last visit. The
 * contact is locked first, as every class check-in locks it (after the class, before memberships):
 * a door check-in and a class check-in of one member then never both consume the class's credit.
 */
async function lockMembership(db: Db, sql: Queryable, membershipId: string): Promise<void> {
  if (db.dialect !== 'postgres') return;
  const holder = await sql.first(db.qb.selectFrom('memberships').select('contact_id').where('id', '=', membershipId));
  if (holder) await lockContact(db, sql, holder.contact_id);
  await sql.all(db.qb.selectFrom('memberships').select('id').where('id', '=', membershipId).forUpdate());
}

/** The audit trail names an unknown identifier by the hash of its first reading, never by its text. */
async function identifierHash(db: Db, sql: Queryable, auth: AuthContext, location: LocationRow, identifier: string): Promise<string | null> {
  const [key] = candidateKeys(identifier, checkinRules(location).matching_profile);
  const company = await sql.first(db.qb.selectFrom('companies').select('credential_secret').where('id', '=', auth.companyId));
  return key && company?.credential_secret ? credentialHash(company.credential_secret, key) : null;
}

/** Finds, locks and evaluates the membership the request names, as of `at`. */
async function target(ctx: Ctx, sql: Queryable, location: LocationRow, body: Body, by: NamedBy, at: Date): Promise<Evaluated | null> {
  if (by === 'contact_id') {
    const chosen = await evaluateContact(ctx.db, sql, ctx.auth, location, body.contact_id!, at);
    if (!chosen) return null;
    await lockMembership(ctx.db, sql, chosen.facts.membership_id);
    return { ...(await evaluate(ctx.db, sql, ctx.auth, location, chosen.facts.membership_id, at))!, resolved_by: null };
  }
  if (by === 'membership_id') {
    await lockMembership(ctx.db, sql, body.membership_id!);
    const evaluated = await evaluate(ctx.db, sql, ctx.auth, location, body.membership_id!, at);
    if (!evaluated) throw new ApiError('resource_missing', `No such membership: ${body.membership_id}.`, { param: 'membership_id' });
    return { ...evaluated, resolved_by: null };
  }
  const match = await findByIdentifier(ctx.db, sql, ctx.auth.companyId, body.identifier!, checkinRules(location).matching_profile);
  if (!match) return null;
  await lockMembership(ctx.db, sql, match.membership_id);
  // null outside the key's reach: answered as an unknown card (plugins/reach.ts).
  const evaluated = await evaluate(ctx.db, sql, ctx.auth, location, match.membership_id, at);
  return evaluated && { ...evaluated, resolved_by: match.resolved_by };
}

/**
 * Records a facility visit (docs/api-decisions.md, Members and check-in). A refused attempt is kept
 * as an audit row, never counted. A visit reported by a device that let the member in while
 * offline is always recorded: the gate already opened; it carries flags for staff instead.
 * A member holding a spot in a class whose check-in window holds the time is checked into that
 * class instead (classes/door-check-in.ts): one visit of kind `class`, one credit; 200 with that
 * visit when they were checked in already. Otherwise the plan's `door_checkin_consumes` says
 * whether the facility visit uses a visit (`visit`) or is recorded uncounted (`nothing`).
 */
export async function checkIn(ctx: Ctx, body: Body): Promise<Reply<Visit>> {
  const by = identifiedBy(body);
  const location = await requireLocation(ctx.db, ctx.sql, ctx.auth, body.location_id);
  const offline = body.offline === true;
  const { at, clockAhead } = reportedCheckInTime(body.checked_in_at, Date.now(), offline);
  return ctx.transaction(async (sql) => {
    const evaluated = await target(ctx, sql, location, body, by, at);
    const deny = async (reasons: string[], membership?: Evaluated) =>
      sql.run(
        ctx.db.qb.insertInto('checkin_denials').values({
          id: randomUUID(),
          company_id: ctx.auth.companyId,
          location_id: location.id,
          membership_id: membership?.facts.membership_id ?? null,
          contact_id: membership?.facts.contact_id ?? body.contact_id ?? null,
          credential_hash: body.identifier === undefined ? null : await identifierHash(ctx.db, sql, ctx.auth, location, body.identifier),
          reasons: JSON.stringify(reasons),
          source: body.source,
          device_id: body.device_id ?? null,
          attempted_at: nowIso(),
        }),
      );
    if (!evaluated) {
      await deny(['not_found']);
      throw new RecordedRefusal('member_not_found', 'No membership matches this identifier.', { param: by });
    }
    const { facts, decision } = evaluated;
    if (!decision.valid && !offline) {
      await deny(decision.reasons, evaluated);
      throw new RecordedRefusal('checkin_blocked', reasonMessages[decision.reason!], { details: { reasons: decision.reasons } });
    }
    const flags = [...(decision.valid ? [] : ['ineligible_at_checkin', ...decision.reasons]), ...decision.warnings, ...(clockAhead ? ['device_clock_ahead'] : [])];
    const origin = { source: body.source, device_id: body.device_id ?? null, offline };
    // Holding a spot in a class open for check-in: this door entry is that class's check-in.
    const classVisit = await checkInAtDoorToClass(ctx.db, sql, { facts, location, at, flags, origin });
    if (classVisit) {
      if (classVisit.created) await bumpFeed(ctx.db, sql, ctx.auth.companyId, [classVisit.visit.membership_id]);
      return { status: classVisit.created ? 201 : 200, body: classVisit.visit };
    }
    // Without one, the plan or package says whether the door uses a visit (migration 006).
    const counted = doorEntryCounts(facts.door_checkin_consumes);
    const used = facts.used + (counted ? 1 : 0);
    const visit = {
      id: randomUUID(),
      company_id: ctx.auth.companyId,
      membership_id: facts.membership_id,
      contact_id: facts.contact_id,
      location_id: location.id,
      kind: 'facility' as const,
      class_id: null,
      checked_in_at: at.toISOString(),
      recorded_at: nowIso(),
      source: body.source,
      device_id: body.device_id ?? null,
      resolved_by: evaluated.resolved_by,
      offline: offline ? 1 : 0,
      flags: JSON.stringify(flags),
      plan_name: facts.plan_name,
      visits_used: used,
      visits_remaining: facts.allowance === null ? null : Math.max(0, facts.allowance - used),
      counted: counted ? 1 : 0,
    };
    await sql.run(ctx.db.qb.insertInto('visits').values(visit));
    // Only a counted visit of a limited allowance changes what the feed says.
    if (counted && facts.allowance !== null) await bumpFeed(ctx.db, sql, ctx.auth.companyId, [facts.membership_id]);
    return { status: 201, body: toVisit(visit) };
  });
}
