import { randomUUID } from 'node:crypto';
import { toIso, type Clock } from '../../clock/time.js';
import { claimable } from '../../db/claim-rows.js';
import type { Db } from '../../db/types.js';
import type { ClaimedMessage } from './claims.js';
import { dataAfterHandling, nextMessageAttemptAt } from './retries.js';

/** How one try went: sent, or failed with the SMTP error's short text; `final` gives up at once (data that fits no template). */
export type AttemptOutcome = { ok: true } | { ok: false; detail: string; final?: boolean };

export interface RecordedAttempt {
  status: 'sent' | 'queued' | 'failed';
  nextAttemptAt: string | null;
}

/**
 * Writes one attempt of a claimed message and its outcome, in one transaction: sent (with
 * `sent_at`), queued again at its next time (retries.ts), or failed once its window has passed.
 * A sent or given-up message keeps no secret: a sign-in code's data loses the code and its link.
 * Null when the claim was lost (it ran out and another process took the message): nothing is written.
 */
export async function recordMessageAttempt(db: Db, message: ClaimedMessage, outcome: AttemptOutcome, clock: Clock, random: () => number, firstRetryMs?: number): Promise<RecordedAttempt | null> {
  const nowMs = clock();
  const now = toIso(nowMs);
  const attempts = message.attempts + 1;
  const data = JSON.parse(message.data) as Record<string, unknown>;
  const next = outcome.ok || outcome.final ? null : nextMessageAttemptAt(message, data, nowMs, attempts, random, firstRetryMs);
  const status = outcome.ok ? 'sent' : next === null ? 'failed' : 'queued';
  const nextAttemptAt = next === null ? now : toIso(next);
  const kept = status === 'queued' ? message.data : JSON.stringify(dataAfterHandling(message.template, data));
  return db.transaction(async (tx) => {
    const updated = await tx.run(
      db.qb
        .updateTable('member_messages')
        .set({ status, attempts, next_attempt_at: nextAttemptAt, data: kept, ...(outcome.ok && { sent_at: now }) })
        .where('id', '=', message.id)
        .where('status', '=', 'queued')
        .where('next_attempt_at', '=', message.lease),
    );
    if (updated === 0) return null;
    await tx.run(
      db.qb.insertInto('member_message_attempts').values({ id: randomUUID(), message_id: message.id, at: now, outcome: outcome.ok ? 'sent' : 'failed', detail: outcome.ok ? null : outcome.detail }),
    );
    return { status, nextAttemptAt: status === 'queued' ? nextAttemptAt : null };
  });
}

/**
 * Without an SMTP provider: one `not_configured` attempt for each queued message that has none yet,
 * at most `limit` a pass. The message stays queued and due, and goes as soon as a provider is set
 * (and the server restarted). Answers how many were noted.
 */
export async function noteNotConfigured(db: Db, clock: Clock, limit: number): Promise<number> {
  const pending = () =>
    db.qb
      .selectFrom('member_messages as m')
      .select('m.id')
      .where('m.status', '=', 'queued')
      .where((eb) => eb.not(eb.exists(eb.selectFrom('member_message_attempts as a').select('a.id').whereRef('a.message_id', '=', 'm.id').where('a.outcome', '=', 'not_configured'))))
      .orderBy('m.created_at')
      .orderBy('m.id')
      .limit(limit);
  if (!(await db.first(pending()))) return 0;
  return db.transaction(async (tx) => {
    const rows = await tx.all(claimable(tx, pending()));
    const at = toIso(clock());
    for (const row of rows) await tx.run(db.qb.insertInto('member_message_attempts').values({ id: randomUUID(), message_id: row.id, at, outcome: 'not_configured', detail: null }));
    return rows.length;
  });
}
