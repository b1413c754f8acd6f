import { randomBytes } from 'node:crypto';
import { ApiError } from '@studio/shared';
import { memberPassKey } from '@studio/shared/pass';
import { systemClock, toIso, type Clock } from '../../clock/time.js';
import type { Db, Queryable } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import { requireManager } from '../staff-accounts/setup-role.js';
import { nextFeedSeq } from '../feed/sequence.js';
import { requireLocation } from '../locations/lookup.js';
import { recordAudit } from '../staff-accounts/audit.js';

/**
 * A location's phone-pass keys (docs/phone-pass.md). The first (epoch 1) is made lazily, by whatever
 * needs it first: the eligibility feed page an agent asks for, a member's key, a rotation. Making it
 * is idempotent (two at once keep one), so every agent that has synced once holds the key a member
 * was given. A rotation adds the next epoch and keeps the one before live for `rolloverMs`, so a
 * phone showing a code of the old key still opens the door while it fetches its new key.
 */
export const rolloverMs = 60_000;

export interface PassKey {
  epoch: number;
  /** 32 bytes, base64url. */
  key: string;
  /** When the key stops opening doors; null for the current key. */
  retired_at: string | null;
}

async function liveKeys(db: Db, sql: Queryable, locationId: string, nowIso: string): Promise<PassKey[]> {
  return sql.all(
    db.qb
      .selectFrom('location_pass_keys')
      .select(['epoch', 'key', 'retired_at'])
      .where('location_id', '=', locationId)
      .where((eb) => eb.or([eb('retired_at', 'is', null), eb('retired_at', '>', nowIso)]))
      .orderBy('epoch', 'desc'),
  );
}

/** The location's live keys, the current one first (the one before follows during a roll-over); makes the first key if it has none. */
export async function livePassKeys(db: Db, sql: Queryable, locationId: string, clock: Clock = systemClock): Promise<PassKey[]> {
  const now = toIso(clock());
  const keys = await liveKeys(db, sql, locationId, now);
  if (keys.length > 0) return keys;
  // Epoch 1 only: of two first uses at once, one inserts and the other finds its key. (A location
  // whose keys were all retired, which no rotation leaves, keeps none: epoch 1 is taken.)
  await sql.run(
    db.qb
      .insertInto('location_pass_keys')
      .values({ location_id: locationId, epoch: 1, key: randomBytes(32).toString('base64url'), created_at: now, retired_at: null })
      .onConflict((oc) => oc.columns(['location_id', 'epoch']).doNothing()),
  );
  return liveKeys(db, sql, locationId, now);
}

export interface PassKeyRotation {
  location_id: string;
  epoch: number;
  /** When the key before stops opening doors. */
  previous_retires_at: string;
}

/**
 * Starts a new epoch at a location: every member's pass (and every screenshot of one) stops opening
 * its doors once the roll-over ends; members' apps fetch their new key. The feed's sequence moves on
 * in the same transaction, so rotations are one at a time; every feed page carries the live keys,
 * so the agents' next sync brings the new one. Written to the staff audit log.
 */
export async function rotatePassKeys(db: Db, actor: Actor, locationId: string, clock: Clock = systemClock): Promise<PassKeyRotation> {
  // The service's own rule, whatever the caller came through: never the front desk.
  requireManager(actor, "a location's phone-pass key");
  const location = await requireLocation(db, db, actor, locationId);
  return db.transaction(async (tx) => {
    await nextFeedSeq(db, tx, actor.companyId);
    const nowMs = clock();
    await livePassKeys(db, tx, location.id, clock);
    const newest = await tx.first(db.qb.selectFrom('location_pass_keys').select('epoch').where('location_id', '=', location.id).orderBy('epoch', 'desc').limit(1));
    const retiresAt = toIso(nowMs + rolloverMs);
    await tx.run(
      db.qb
        .updateTable('location_pass_keys')
        .set({ retired_at: retiresAt })
        .where('location_id', '=', location.id)
        .where((eb) => eb.or([eb('retired_at', 'is', null), eb('retired_at', '>', retiresAt)])),
    );
    const epoch = (newest?.epoch ?? 0) + 1;
    await tx.run(db.qb.insertInto('location_pass_keys').values({ location_id: location.id, epoch, key: randomBytes(32).toString('base64url'), created_at: toIso(nowMs), retired_at: null }));
    await recordAudit(db, tx, actor, { action: 'pass_keys_rotated', targetAccountId: null, details: { location_id: location.id, epoch } }, clock);
    return { location_id: location.id, epoch, previous_retires_at: retiresAt };
  });
}

export interface MemberPassKey {
  epoch: number;
  /** K_member, 32 bytes base64url: what the member's app computes its codes with. */
  member_key: string;
}

/**
 * The member's key at a location, derived from the location's current key (the member app's route
 * hands it to the signed-in member). The contact must be the actor's company's.
 */
export async function memberPassKeyFor(db: Db, actor: Actor, contactId: string, locationId: string, clock: Clock = systemClock): Promise<MemberPassKey> {
  const location = await requireLocation(db, db, actor, locationId);
  const contact = await db.first(db.qb.selectFrom('contacts').select('id').where('id', '=', contactId).where('company_id', '=', actor.companyId));
  if (!contact) throw new ApiError('resource_missing', `No such contact: ${contactId}.`, { param: 'contact_id' });
  const [current] = await livePassKeys(db, db, location.id, clock);
  if (!current) throw new ApiError('resource_missing', 'This location has no live pass key.', { param: 'location_id' });
  const memberKey = await memberPassKey(Buffer.from(current.key, 'base64url'), contact.id);
  return { epoch: current.epoch, member_key: Buffer.from(memberKey).toString('base64url') };
}
