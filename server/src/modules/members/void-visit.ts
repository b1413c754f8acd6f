import { ApiError, type VoidedVisit } from '@studio/shared';
import type { Db } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import { deviceOf, deviceOnly } from '../../domain/device-rights.js';
import { systemClock, toIso, type Clock } from '../../clock/time.js';
import { bumpFeed } from '../feed/sequence.js';
import { assertLocationAllowed } from '../locations/lookup.js';
import { recordAudit } from '../staff-accounts/audit.js';

export interface VoidRequest {
  reason: VoidedVisit['reason'];
  note?: string | undefined;
}

/** Roles that may void a visit with a reason; the front desk asks one of them. */
const voidingRoles: readonly string[] = ['owner', 'manager'];

/**
 * Who may void (issue 29), decided before the visit is read: a device (its own visits, checked
 * below), an owner or manager with a note, the business. An API key or the front desk may not.
 */
function requireMayVoid(actor: Actor, body: VoidRequest): void {
  const { identity } = actor;
  if (identity.kind === 'api_key') throw deviceOnly('A visit is voided by the device that recorded it, or by an owner or manager in the web app.');
  if (identity.kind === 'staff_user') {
    if (!voidingRoles.includes(identity.role)) throw new ApiError('role_not_allowed', 'Only an owner or a manager may void a visit; ask one of them.');
    if (body.note === undefined) throw new ApiError('missing_field', 'Say why the visit is voided: it is kept in the audit log.', { param: 'note' });
  }
  if (identity.kind === 'device' && body.reason !== 'door_not_opened') {
    throw new ApiError('invalid_param', 'A device voids a visit only because its door did not open (door_not_opened).', { param: 'reason' });
  }
}

/**
 * Voids a facility visit: the device checked the member in, then its relay failed, so the member
 * was never let in and must not be charged; or an owner or manager corrects a visit recorded in
 * error, audited with their note. The visit is kept (audit) with `voided_at`; it no longer counts
 * against a visit limit or a pack's credits, and visit lists leave it out. Idempotent: voiding a
 * voided visit answers the first void, changing nothing.
 */
export async function voidVisit(db: Db, actor: Actor, visitId: string, body: VoidRequest, clock: Clock = systemClock): Promise<VoidedVisit> {
  requireMayVoid(actor, body);
  return db.transaction(async (tx) => {
    const visit = await tx.first(
      db.qb
        .selectFrom('visits')
        .select(['id', 'membership_id', 'location_id', 'kind', 'source', 'device_id', 'voided_at', 'void_reason'])
        .where('id', '=', visitId)
        .where('company_id', '=', actor.companyId),
    );
    if (!visit) throw new ApiError('resource_missing', `No such visit: ${visitId}.`, { param: 'id' });
    assertLocationAllowed(actor, visit.location_id, 'id');
    const device = deviceOf(actor);
    // Its door did not open: only the device whose door it was knows.
    if (device && visit.device_id !== device.deviceId) throw deviceOnly('A device voids only the visits it recorded itself.', 'id');
    if (visit.kind !== 'facility') throw new ApiError('invalid_param', 'Only a facility (door) visit can be voided; a class check-in is undone on the class.', { param: 'id' });
    const answer = (voidedAt: string, why: string) => ({ id: visit.id, membership_id: visit.membership_id, location_id: visit.location_id, voided_at: voidedAt, reason: why as VoidedVisit['reason'] });
    if (visit.voided_at) return answer(visit.voided_at, visit.void_reason ?? body.reason);
    const voidedAt = toIso(clock());
    // `voided_at is null`: of two concurrent voids, one writes; the other answers what it wrote.
    const changed = await tx.run(db.qb.updateTable('visits').set({ voided_at: voidedAt, void_reason: body.reason, counted: 0 }).where('id', '=', visit.id).where('voided_at', 'is', null));
    const stored = await tx.first(db.qb.selectFrom('visits').select(['voided_at', 'void_reason']).where('id', '=', visit.id));
    // The visit no longer counts: the feed's next delta carries the membership's new `used`.
    await bumpFeed(db, tx, actor.companyId, [visit.membership_id]);
    if (changed > 0 && actor.identity.kind !== 'device') {
      await recordAudit(
        db,
        tx,
        actor,
        { action: 'visit_voided', targetAccountId: null, details: { visit_id: visit.id, location_id: visit.location_id, reason: body.reason, note: body.note ?? null } },
        clock,
      );
    }
    return answer(stored!.voided_at!, stored!.void_reason!);
  });
}
