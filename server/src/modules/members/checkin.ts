import { randomUUID } from 'node:crypto';
import { ApiError, candidateKeys, credentialHash, doorEntryCounts, type CheckInRequest, type Visit } from '@studio/shared';
import type { z } from 'zod';
import { preparedInsert } from '../../db/prepared.js';
import { lockRows, readsStandUnderLocks } from '../../db/row-locks.js';
import type { Db, Queryable } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import { RecordedRefusal, transactionKeepingRefusals } from '../../domain/recorded-refusal.js';
import { systemClock, toIso, type Clock } from '../../clock/time.js';
import { requireContactInReach, requireMembershipInReach } from '../locations/reach.js';
import { checkedLocation, requireLocation, type LocationRow } from '../locations/lookup.js';
import { checkinRules } from '../locations/settings.js';
import { checkInAtDoorToClass } from '../classes/door-check-in.js';
import { overrideFlag, recordOverride, requireOverrideRole, type CheckInOverride } from './checkin-override.js';
import { checkInOrigin } from '../visits/checkin-claims.js';
import { bumpFeed } from '../feed/sequence.js';
import { evaluate, evaluateContact, judge, type Evaluated } from '../memberships/eligibility.js';
import { scanAtLocation, scannedFacts, type Scan } from '../memberships/scan-lookup.js';
import { findByIdentifier } from '../memberships/identifier-lookup.js';
import { reasonMessages } from '../memberships/reason-messages.js';
import { reportedCheckInTime } from '../visits/reported-time.js';
import { recordCheckinDenial } from '../visits/checkin-denials.js';
import { toVisit, visitColumns } from '../visits/visit-view.js';
import { lastFour } from '../desk-scans/card-holder.js';
import { recordEvent } from '../events/record.js';

type Body = z.output<typeof CheckInRequest>;

/** Every column a visit is written with: the ones the API shows, and its company and time of recording. */
const insertVisit = preparedInsert('visits', [...visitColumns, 'company_id', 'recorded_at', 'staff_account_id']);

type NamedBy = 'identifier' | 'membership_id' | 'contact_id';

function identifiedBy(body: Body): NamedBy {
  const given = (['identifier', 'membership_id', 'contact_id'] as const).filter((field) => body[field] !== undefined);
  if (given.length === 0) throw new ApiError('missing_field', 'Send one of identifier, membership_id or contact_id.', { param: 'identifier' });
  if (given.length > 1) throw new ApiError('invalid_param', `Send only one of identifier, membership_id or contact_id, not ${given.join(' and ')}.`, { param: given[1]! });
  return given[0]!;
}

/**
 * Serialises check-ins of one membership, so two turnstiles cannot both take the last visit. The
 * holder's contact is locked with it, as every class check-in locks the contact: a door check-in
 * and a class check-in of one member then never both consume the class's credit. Lock order:
 * server/src/db/row-locks.ts.
 */
async function lockMembership(db: Db, sql: Queryable, membershipId: string): Promise<void> {
  const holder = await sql.first(db.qb.selectFrom('memberships').select('contact_id').where('id', '=', membershipId));
  if (holder) await lockRows(sql, { contact: holder.contact_id, membershipsOf: holder.contact_id });
}

/** The audit trail names an unknown identifier by the hash of its first reading, never by its text. */
async function identifierHash(db: Db, sql: Queryable, actor: Actor, location: LocationRow, identifier: string): Promise<string | null> {
  const [key] = candidateKeys(identifier, checkinRules(location).matching_profile);
  const company = await sql.first(db.qb.selectFrom('companies').select('credential_secret').where('id', '=', actor.companyId));
  return key && company?.credential_secret ? credentialHash(company.credential_secret, key) : null;
}

/**
 * Finds, locks and evaluates the membership the request names, as of `at`. A membership a scan
 * found is locked, then its facts taken: on Postgres read again under the lock, as another
 * check-in may have committed since the scan; on SQLite the transaction itself is the lock
 * (server/src/db/row-locks.ts), so what the scan read in it is still current.
 */
async function target(db: Db, sql: Queryable, actor: Actor, location: LocationRow, body: Body, by: NamedBy, at: Date, scan: Scan | null): Promise<Evaluated | null> {
  if (by === 'contact_id') {
    const chosen = await evaluateContact(db, sql, actor, location, body.contact_id!, at);
    if (!chosen) return null;
    await lockMembership(db, sql, chosen.facts.membership_id);
    return { ...(await evaluate(db, sql, actor, location, chosen.facts.membership_id, at))!, resolved_by: null };
  }
  if (by === 'membership_id') {
    await lockMembership(db, sql, body.membership_id!);
    const evaluated = await evaluate(db, sql, actor, location, body.membership_id!, at);
    if (!evaluated) throw new ApiError('resource_missing', `No such membership: ${body.membership_id}.`, { param: 'membership_id' });
    return { ...evaluated, resolved_by: null };
  }
  if (scan) {
    const found = scan.found;
    if (!found) return null;
    await lockRows(sql, { contact: found.contact_id, membershipsOf: found.contact_id });
    // null outside the actor's reach: answered as an unknown card (modules/locations/reach.ts).
    const evaluated = readsStandUnderLocks(sql)
      ? ((await judge(db, sql, actor, location, [scannedFacts(found, location, at)], at))[0] ?? null)
      : await evaluate(db, sql, actor, location, found.membership_id, at);
    return evaluated && { ...evaluated, resolved_by: found.resolved_by };
  }
  const match = await findByIdentifier(db, sql, actor.companyId, body.identifier!, checkinRules(location).matching_profile);
  if (!match) return null;
  await lockMembership(db, sql, match.membership_id);
  // null outside the actor's reach: answered as an unknown card (modules/locations/reach.ts).
  const evaluated = await evaluate(db, sql, actor, location, match.membership_id, at);
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
 * `created` is false when the door entry was a class check-in recorded before.
 * What the request may claim (offline, a past time, a source, a device) is the caller's to say
 * (visits/checkin-claims.ts): refused before anything is read or recorded. With `override` (an owner or
 * manager), a refusal is recorded as a visit flagged `staff_override` with its reasons, and the
 * override with who and why (checkin-override.ts).
 */
export async function checkIn(
  db: Db,
  actor: Actor,
  body: Body,
  clock: Clock = systemClock,
  override?: CheckInOverride,
  /** A caller's own last word once the member is found, locked and allowed in, before anything is recorded (the desk's "checked in minutes ago"). */
  beforeRecording?: (sql: Queryable, contactId: string) => Promise<void>,
): Promise<{ visit: Visit; created: boolean }> {
  const origin = checkInOrigin(actor, body, clock());
  if (override !== undefined) requireOverrideRole(actor);
  return transactionKeepingRefusals(db, async (sql) => {
    const now = clock();
    // Naming two at once is refused below, as invalid_param.
    const named = [body.identifier, body.contact_id, body.membership_id].filter((field) => field !== undefined).length;
    // A scan: the location, the membership the identifier reads as and its facts in one statement,
    // with counted visits from before the time the check-in is reported for, if that is earlier.
    const countFrom = new Date(Math.min(now, Date.parse(body.checked_in_at ?? '') || now));
    const scan = named === 1 && body.identifier !== undefined ? await scanAtLocation(db, sql, actor.companyId, body.location_id, body.identifier, countFrom) : null;
    // The location first, as every route aims: a member named outside the actor's reach is then 403 (modules/locations/reach.ts).
    const location = scan === null ? await requireLocation(db, sql, actor, body.location_id) : checkedLocation(actor, scan?.location, body.location_id);
    if (named === 1 && body.contact_id !== undefined) await requireContactInReach(db, sql, actor, body.contact_id, 'contact_id');
    if (named === 1 && body.membership_id !== undefined) await requireMembershipInReach(db, sql, actor, body.membership_id, 'membership_id');
    const by = identifiedBy(body);
    const offline = body.offline === true;
    const { at, clockAhead } = reportedCheckInTime(body.checked_in_at, now, offline);
    const evaluated = await target(db, sql, actor, location, body, by, at, scan ?? null);
    const deny = async (reasons: string[], membership?: Evaluated) =>
      recordCheckinDenial(
        db,
        sql,
        {
          id: randomUUID(),
          company_id: actor.companyId,
          location_id: location.id,
          membership_id: membership?.facts.membership_id ?? null,
          contact_id: membership?.facts.contact_id ?? body.contact_id ?? null,
          credential_hash: body.identifier === undefined ? null : await identifierHash(db, sql, actor, location, body.identifier),
          // An unknown card's last four only, for the desk to tell it apart; a known member's is never needed.
          last_four: body.identifier === undefined || membership !== undefined ? null : lastFour(body.identifier),
          reasons: JSON.stringify(reasons),
          source: origin.source,
          device_id: origin.deviceId,
          attempted_at: toIso(clock()),
        },
        clock,
      );
    if (!evaluated) {
      await deny(['not_found']);
      throw new RecordedRefusal('member_not_found', 'No membership matches this identifier.', { param: by });
    }
    const { facts, decision } = evaluated;
    const overridden = !decision.valid && !offline && override !== undefined;
    if (!decision.valid && !offline && !overridden) {
      await deny(decision.reasons, evaluated);
      throw new RecordedRefusal('checkin_blocked', reasonMessages[decision.reason!], { details: { reasons: decision.reasons } });
    }
    // Under the member's lock: two such check-ins at once see each other.
    await beforeRecording?.(sql, facts.contact_id);
    const refusedFlag = overridden ? overrideFlag : 'ineligible_at_checkin';
    const flags = [...(decision.valid ? [] : [refusedFlag, ...decision.reasons]), ...decision.warnings, ...(clockAhead ? ['device_clock_ahead'] : [])];
    const noteOverride = async (visitId: string) => {
      if (overridden && override) await recordOverride(db, sql, actor, { visitId, locationId: location.id, contactId: facts.contact_id, reasons: decision.reasons, reason: override.reason }, clock);
    };
    // Holding a spot in a class open for check-in: this door entry is that class's check-in.
    const classVisit = await checkInAtDoorToClass(db, sql, {
      facts,
      location,
      at,
      flags,
      origin: { source: origin.source, device_id: origin.deviceId, offline, resolved_by: evaluated.resolved_by, staff_account_id: origin.staffAccountId },
      clock,
    });
    if (classVisit) {
      if (classVisit.created) {
        await bumpFeed(db, sql, actor.companyId, [classVisit.visit.membership_id]);
        await noteOverride(classVisit.visit.id);
        await recordEvent(db, sql, { companyId: actor.companyId, type: 'member.checked_in', locationId: location.id, data: classVisit.visit }, clock);
      }
      return classVisit;
    }
    // Without one, the plan or package says whether the door uses a visit (migration 006).
    const counted = doorEntryCounts(facts.door_checkin_consumes);
    const used = facts.used + (counted ? 1 : 0);
    const visit = {
      id: randomUUID(),
      company_id: actor.companyId,
      membership_id: facts.membership_id,
      contact_id: facts.contact_id,
      location_id: location.id,
      kind: 'facility' as const,
      class_id: null,
      checked_in_at: at.toISOString(),
      recorded_at: toIso(clock()),
      source: origin.source,
      device_id: origin.deviceId,
      resolved_by: evaluated.resolved_by,
      offline: offline ? 1 : 0,
      flags: JSON.stringify(flags),
      plan_name: facts.plan_name,
      visits_used: used,
      visits_remaining: facts.allowance === null ? null : Math.max(0, facts.allowance - used),
      counted: counted ? 1 : 0,
      staff_account_id: origin.staffAccountId,
    };
    await sql.run(insertVisit(db, visit));
    await noteOverride(visit.id);
    // Only a counted visit of a limited allowance changes what the feed says.
    if (counted && facts.allowance !== null) await bumpFeed(db, sql, actor.companyId, [facts.membership_id]);
    // The hot path's one extra write: the visit is in hand, so the event reads nothing (issue 20).
    const answered = toVisit(visit);
    await recordEvent(db, sql, { companyId: actor.companyId, type: 'member.checked_in', locationId: location.id, data: answered }, clock);
    return { visit: answered, created: true };
  });
}
