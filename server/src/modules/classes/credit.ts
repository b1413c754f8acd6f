import { randomUUID } from 'node:crypto';
import type { checkinSources, Visit } from '@studio/shared';
import type { Db, Queryable } from '../../db/types.js';
import type { LocationRow } from '../locations/lookup.js';
import { toIso } from '../../clock/time.js';
import { loadFacts } from '../memberships/facts.js';
import { bumpFeed } from '../feed/sequence.js';
import type { AttendeeRow, ClassRow } from './class-repository.js';

/**
 * Who reported a class visit: a kiosk's late report carries its device and the offline flag; a door
 * entry counted as the class also how its identifier was read (`resolved_by`), so the visit stays
 * traceable to its door; a staff member's check-in their account.
 */
export interface VisitOrigin {
  source: (typeof checkinSources)[number];
  device_id: string | null;
  offline: boolean;
  resolved_by?: Visit['resolved_by'];
  staff_account_id?: string | null;
}

const apiOrigin: VisitOrigin = { source: 'api', device_id: null, offline: false };

/**
 * Consumes the membership visit or package credit covering a spot, as a visit of kind `class`:
 * the same record a facility check-in writes, so the membership's visits, limits, package
 * balance and the eligibility feed all see it. Returns the visit id, or null when nothing
 * covers the spot (free class, none). The caller guards that a spot consumes once.
 */
export async function consumeCredit(
  db: Db,
  sql: Queryable,
  input: { spot: AttendeeRow; cls: ClassRow; location: LocationRow; at: number; flags: string[]; origin?: VisitOrigin },
): Promise<string | null> {
  const { spot, cls, location } = input;
  const origin = input.origin ?? apiOrigin;
  if (spot.membership_id === null || (spot.paid_by !== 'membership' && spot.paid_by !== 'package')) return null;
  const facts = (await loadFacts(db, sql, cls.company_id, [spot.membership_id], location, new Date(input.at))).get(spot.membership_id)!;
  const used = facts.used + 1;
  const visit = {
    id: randomUUID(),
    company_id: cls.company_id,
    membership_id: spot.membership_id,
    contact_id: spot.contact_id,
    location_id: cls.location_id,
    kind: 'class' as const,
    class_id: cls.id,
    checked_in_at: toIso(input.at),
    recorded_at: toIso(Date.now()),
    source: origin.source,
    device_id: origin.device_id,
    resolved_by: origin.resolved_by ?? null,
    offline: origin.offline ? 1 : 0,
    staff_account_id: origin.staff_account_id ?? null,
    flags: JSON.stringify(input.flags),
    plan_name: facts.plan_name,
    visits_used: used,
    visits_remaining: facts.allowance === null ? null : Math.max(0, facts.allowance - used),
  };
  await sql.run(db.qb.insertInto('visits').values(visit));
  // A limited allowance is what the eligibility feed reports; an unlimited plan's visit changes nothing there.
  if (facts.allowance !== null) await bumpFeed(db, sql, cls.company_id, [spot.membership_id]);
  return visit.id;
}
