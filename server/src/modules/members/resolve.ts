import type { ResolveRequest, ResolveResult } from '@studio/shared';
import type { z } from 'zod';
import type { Db } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import { systemClock, type Clock } from '../../clock/time.js';
import { checkedLocation, requireLocation } from '../locations/lookup.js';
import { evaluateIdentifier, judge, type Evaluated } from '../memberships/eligibility.js';
import { scanAtLocation, scannedFacts } from '../memberships/scan-lookup.js';

/** Who a code or card belongs to and whether they may check in at the location now; records nothing. */
export async function resolveMember(db: Db, actor: Actor, input: z.output<typeof ResolveRequest>, clock: Clock = systemClock): Promise<ResolveResult> {
  const now = new Date(clock());
  const scan = await scanAtLocation(db, db, actor.companyId, input.location_id, input.identifier, now);
  if (scan === null) {
    // More readings than one statement takes: the location, then the identifier.
    const location = await requireLocation(db, db, actor, input.location_id);
    return resolveResult(await evaluateIdentifier(db, db, actor, location, input.identifier, now));
  }
  const location = checkedLocation(actor, scan?.location, input.location_id);
  if (!scan?.found) return resolveResult(null);
  const [judged] = await judge(db, db, actor, location, [scannedFacts(scan.found, location, now)], now);
  return resolveResult(judged ? { ...judged, resolved_by: scan.found.resolved_by } : null);
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
