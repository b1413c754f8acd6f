import type { ResolveRequest, ResolveResult } from '@studio/shared';
import type { z } from 'zod';
import type { Db } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import { systemClock, type Clock } from '../../clock/time.js';
import { requireLocation } from '../locations/lookup.js';
import { evaluateIdentifier, type Evaluated } from '../memberships/eligibility.js';

/** Who a code or card belongs to and whether they may check in at the location now; records nothing. */
export async function resolveMember(db: Db, actor: Actor, input: z.output<typeof ResolveRequest>, clock: Clock = systemClock): Promise<ResolveResult> {
  const location = await requireLocation(db, db, actor, input.location_id);
  return resolveResult(await evaluateIdentifier(db, db, actor, location, input.identifier, new Date(clock())));
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
