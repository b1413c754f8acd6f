import { credentialHash, decide, validUntil, type EligibilityRow } from '@studio/shared';
import { sql as raw, type CompiledQuery } from 'kysely';
import { prepared } from '../../db/prepared.js';
import type { Db } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import { systemClock, type Clock } from '../../clock/time.js';
import { cursorScope, type CursorCodec } from '../../pagination/cursor.js';
import { targetLocation } from '../locations/lookup.js';
import { checkinRules } from '../locations/settings.js';
import { loadFacts } from '../memberships/facts.js';
import { Mutex } from '../../db/mutex.js';
import { livePassKeys } from '../passes/pass-keys.js';
import { passGenerations } from '../passes/member-passes.js';

/** Up to `limit` keys of the company's feed after a (sequence, match key) position, in feed order. */
const feedKeys = prepared((qb, companyId: string, afterSeq: number, afterKey: string, limit: number) =>
  qb
    .selectFrom('credential_keys as k')
    .innerJoin('memberships as m', 'm.id', 'k.membership_id')
    .select(['k.match_key', 'k.membership_id', 'k.kind', 'k.feed_seq', 'k.feed_updated_at', 'k.revoked_at', 'm.location_id'])
    .where('k.company_id', '=', companyId)
    // A row value: one index range (with `or`, SQLite scanned from the first key on every page).
    .where(raw<boolean>`(k.feed_seq, k.match_key) > (${afterSeq}, ${afterKey})`)
    .orderBy('k.feed_seq')
    .orderBy('k.match_key')
    .limit(limit),
);
type FeedKeyRow = ReturnType<typeof feedKeys> extends CompiledQuery<infer R> ? R : never;

export interface FeedQuery {
  location_id?: string | undefined;
  cursor?: string | undefined;
  limit: number;
}

/**
 * One page at a time per process: twenty agents reloading at once (after a restore or a rotated
 * hash key) queue here, and the door's check-ins pass between their pages.
 */
const pageTurns = new Mutex();

/**
 * Rows built per turn of the event loop: a slice's queries, decisions and hashes hold it about a
 * millisecond, so a check-in waits that long at most at each of its own turns.
 */
const rowsPerSlice = 100;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The offline eligibility feed (docs/api-decisions.md): every live credential of the company, ordered
 * by the company's change sequence, so the agent's offline answer is the online one for every
 * rule: a cancelled or ended membership, or one whose plan does not admit here, stays a row with
 * its reason (online resolve finds it and refuses with that reason); only a revoked credential,
 * which online resolve no longer finds (`not_found`), is a tombstone. A phone-pass holder's
 * memberships have a `pass` row each (modules/passes/member-passes.ts), and every row carries its
 * member's pass generation. Without a cursor it starts
 * from the beginning (a full load); with one, it answers what changed since. Raw codes and UIDs
 * never leave: each row names its credential by an HMAC of one match key, and the cursor is sealed.
 */
export function eligibilityFeed(db: Db, actor: Actor, query: FeedQuery, cursors: CursorCodec, clock: Clock = systemClock) {
  return pageTurns.run(() => feedPage(db, actor, query, cursors, clock));
}

async function feedPage(db: Db, actor: Actor, query: FeedQuery, cursors: CursorCodec, clock: Clock) {
  const location = await targetLocation(db, db, actor, query.location_id);
  const scope = cursorScope(actor.companyId, 'eligibility', { location: location.id });
  const position = query.cursor === undefined ? [] : cursors.decode(scope, query.cursor);
  const afterSeq = Number(position[0] ?? 0);
  const afterKey = String(position[1] ?? '');
  const company = await db.first(db.qb.selectFrom('companies').select('credential_secret').where('id', '=', actor.companyId));
  const secret = company!.credential_secret!;
  const now = new Date(clock());
  const rules = checkinRules(location);
  const data: EligibilityRow[] = [];
  let last: FeedKeyRow | undefined;
  let hasMore = false;
  // The page in slices, each one keyset step further: the same rows in the same order as one query.
  for (;;) {
    const remaining = query.limit - data.length;
    const asked = Math.min(rowsPerSlice, remaining + 1);
    const from = last ?? { feed_seq: afterSeq, match_key: afterKey };
    const rows = await db.all(feedKeys(db, actor.companyId, from.feed_seq, from.match_key, asked));
    hasMore = rows.length > remaining;
    if (hasMore) rows.length = remaining;
    const facts = await loadFacts(
      db,
      db,
      actor.companyId,
      rows.map((row) => row.membership_id),
      location,
      now,
    );
    const generations = await passGenerations(
      db,
      db,
      actor.companyId,
      [...facts.values()].map((f) => f.contact_id),
    );
    for (const row of rows) {
      const f = facts.get(row.membership_id)!;
      const decision = decide(f, rules, now);
      // A member of another location whose plan does not admit here: the reason, not who they are.
      const foreign = !f.allowed_here && row.location_id !== location.id;
      data.push({
        credential_hash: credentialHash(secret, row.match_key),
        membership_id: f.membership_id,
        contact_id: f.contact_id,
        first_name: foreign ? '' : f.first_name,
        plan_name: foreign ? '' : f.plan_name,
        status: f.status as EligibilityRow['status'],
        start_date: f.start_date,
        end_date: f.end_date,
        valid_until: validUntil(f.end_date, location.timezone),
        allowance: f.allowance,
        used: f.used,
        allowance_renews_at: f.allowance_renews_at,
        allowed_here: f.allowed_here,
        form_signed: f.form_signed,
        has_card: f.has_card,
        resolved_by: row.kind,
        pass_generation: generations.get(f.contact_id) ?? 0,
        valid_for_checkin: decision.valid,
        reason: decision.reason,
        warnings: decision.warnings,
        visits_remaining: decision.visits_remaining,
        door_checkin_consumes: f.door_checkin_consumes,
        updated_at: row.feed_updated_at,
        deleted: row.revoked_at !== null,
      });
    }
    last = rows.at(-1) ?? last;
    if (hasMore || rows.length < asked) break;
    await nextTurn();
  }
  return {
    data,
    next_cursor: cursors.encode(scope, last ? [last.feed_seq, last.match_key] : [afterSeq, afterKey]),
    has_more: hasMore,
    location_id: location.id,
    credential_hash_key: secret,
    // Every page, as the hash key: a rotation reaches the agent with its next sync, whatever changed.
    pass_keys: await livePassKeys(db, db, location.id, clock),
    rules: { timezone: rules.timezone, checkin_alerts: rules.checkin_alerts, access_hours: rules.access_hours ?? null, matching_profile: rules.matching_profile },
  };
}
