import { memberPassKey, passStepSeconds } from '@studio/shared/pass';
import { systemClock, toIso, type Clock } from '../../clock/time.js';
import type { Db, Queryable } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import { bumpFeed, nextFeedSeq } from '../feed/sequence.js';
import { requireLocation } from '../locations/lookup.js';
import { requireContactInReach } from '../locations/reach.js';
import { recordAudit } from '../staff-accounts/audit.js';
import { livePassKeys } from './pass-keys.js';

/**
 * Members' phone passes (docs/phone-pass.md). A member becomes a pass holder when their app first
 * fetches its key; from then on each of their memberships has a `pass` feed row (`P:<membership id>`,
 * a match key no scan ever makes), so the door knows them even with no card and no member code.
 * Staff revoke a member's passes by moving their generation on: it is mixed into their key and
 * carried to the doors with the feed rows, so every key the member's devices held stops working.
 */

export interface MemberPassView {
  contact_id: string;
  location_id: string;
  /** The location key's epoch the member key was derived from. */
  epoch: number;
  generation: number;
  /** K_member, 32 bytes base64url. */
  member_key: string;
  step_seconds: number;
  /** The server's clock when it answered, so the app can tell how far off the phone's clock is. */
  server_time: string;
}

const passKeyOf = (membershipId: string) => `P:${membershipId}`;

/** Gives each live-keyless membership of the contact its `pass` feed row; call inside the transaction that needs it. */
export async function addPassRows(db: Db, sql: Queryable, companyId: string, contactId: string, nowIso: string): Promise<void> {
  const missing = await sql.all(
    db.qb
      .selectFrom('memberships as m')
      .select('m.id')
      .where('m.company_id', '=', companyId)
      .where('m.contact_id', '=', contactId)
      .where((eb) =>
        eb.not(eb.exists(eb.selectFrom('credential_keys as k').select('k.membership_id').whereRef('k.membership_id', '=', 'm.id').where('k.kind', '=', 'pass').where('k.revoked_at', 'is', null))),
      ),
  );
  if (missing.length === 0) return;
  const feedSeq = await nextFeedSeq(db, sql, companyId);
  const values = missing.map((m) => ({
    company_id: companyId,
    match_key: passKeyOf(m.id),
    membership_id: m.id,
    credential_id: null,
    kind: 'pass' as const,
    feed_seq: feedSeq,
    feed_updated_at: nowIso,
    created_at: nowIso,
    revoked_at: null,
  }));
  await sql.run(db.qb.insertInto('credential_keys').values(values));
}

/** A membership just sold: its `pass` feed row when its holder has a pass (in the sale's transaction). */
export async function addPassRowsIfHolder(db: Db, sql: Queryable, companyId: string, contactId: string, nowIso: string): Promise<void> {
  const holder = await sql.first(db.qb.selectFrom('member_passes').select('contact_id').where('contact_id', '=', contactId).where('company_id', '=', companyId));
  if (holder) await addPassRows(db, sql, companyId, contactId, nowIso);
}

/**
 * The signed-in member's pass key at their app's location (`memberAtLocation`): makes them a pass
 * holder the first time, and notes when their app last fetched it.
 */
export async function openMemberPass(db: Db, actor: Actor, contactId: string, locationId: string, clock: Clock = systemClock): Promise<MemberPassView> {
  await requireContactInReach(db, db, actor, contactId, 'contact_id');
  const location = await requireLocation(db, db, actor, locationId);
  const now = toIso(clock());
  const generation = await db.transaction(async (tx) => {
    await tx.run(
      db.qb
        .insertInto('member_passes')
        .values({ contact_id: contactId, company_id: actor.companyId, opened_at: now, revoked_at: null })
        .onConflict((oc) => oc.column('contact_id').doUpdateSet({ opened_at: now })),
    );
    await addPassRows(db, tx, actor.companyId, contactId, now);
    const row = await tx.first(db.qb.selectFrom('member_passes').select('generation').where('contact_id', '=', contactId));
    return row!.generation;
  });
  const [current] = await livePassKeys(db, db, location.id, clock);
  const memberKey = await memberPassKey(Buffer.from(current!.key, 'base64url'), contactId, generation);
  return {
    contact_id: contactId,
    location_id: location.id,
    epoch: current!.epoch,
    generation,
    member_key: Buffer.from(memberKey).toString('base64url'),
    step_seconds: passStepSeconds,
    server_time: now,
  };
}

export interface MemberPassStatus {
  /** When the member's app last fetched its key; null when the member never opened their pass. */
  opened_at: string | null;
  revoked_at: string | null;
  generation: number;
}

/** What the member's page shows of their pass. */
export async function memberPassStatus(db: Db, actor: Actor, contactId: string): Promise<MemberPassStatus> {
  await requireContactInReach(db, db, actor, contactId, 'id');
  const row = await db.first(db.qb.selectFrom('member_passes').select(['opened_at', 'revoked_at', 'generation']).where('contact_id', '=', contactId).where('company_id', '=', actor.companyId));
  return row ?? { opened_at: null, revoked_at: null, generation: 0 };
}

/**
 * Revokes the member's passes: the next generation, so every key their devices hold, and every
 * screenshot, stops opening doors once the agents have synced. The feed rows of their memberships
 * move on to carry it; written to the staff audit log. The member's app fetches the new key when
 * signed in: end their app sessions too when a phone was lost (the route does).
 */
export async function revokeMemberPass(db: Db, actor: Actor, contactId: string, clock: Clock = systemClock): Promise<MemberPassStatus> {
  await requireContactInReach(db, db, actor, contactId, 'id');
  const now = toIso(clock());
  return db.transaction(async (tx) => {
    await tx.run(
      db.qb
        .insertInto('member_passes')
        .values({ contact_id: contactId, company_id: actor.companyId, generation: 1, opened_at: null, revoked_at: now })
        .onConflict((oc) => oc.column('contact_id').doUpdateSet((eb) => ({ generation: eb('member_passes.generation', '+', 1), revoked_at: now }))),
    );
    const memberships = await tx.all(db.qb.selectFrom('memberships').select('id').where('company_id', '=', actor.companyId).where('contact_id', '=', contactId));
    await bumpFeed(
      db,
      tx,
      actor.companyId,
      memberships.map((m) => m.id),
    );
    const row = await tx.first(db.qb.selectFrom('member_passes').select(['opened_at', 'revoked_at', 'generation']).where('contact_id', '=', contactId));
    await recordAudit(db, tx, actor, { action: 'member_pass_revoked', targetAccountId: null, details: { contact_id: contactId, generation: row!.generation } }, clock);
    return row!;
  });
}

/** The pass generation of each of these contacts that has one (the eligibility feed's rows carry it). */
export async function passGenerations(db: Db, sql: Queryable, companyId: string, contactIds: readonly string[]): Promise<Map<string, number>> {
  const ids = [...new Set(contactIds)];
  if (ids.length === 0) return new Map();
  const rows = await sql.all(db.qb.selectFrom('member_passes').select(['contact_id', 'generation']).where('company_id', '=', companyId).where('contact_id', 'in', ids).where('generation', '>', 0));
  return new Map(rows.map((row) => [row.contact_id, row.generation]));
}
