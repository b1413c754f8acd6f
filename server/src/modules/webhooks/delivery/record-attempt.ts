import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { toIso, type Clock } from '../../../clock/time.js';
import type { Db, Queryable } from '../../../db/types.js';
import type { ClaimedDelivery } from './claims.js';
import { firstRetryDelayMs, nextAttemptAt, retryWindowMs } from './retry-schedule.js';
import type { SendOutcome } from './send.js';

/** What recording an attempt decided, for the worker's log. */
export interface AttemptResult {
  status: 'delivered' | 'pending' | 'failed';
  nextAttemptAt: string | null;
  /** Set when this failure disabled the endpoint. */
  disabledReason: string | null;
}

/** "2026-11-20 09:00 UTC": how a disabled endpoint's reason gives the time. */
function inWords(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/**
 * Writes one attempt's outcome in one transaction: the attempt into the delivery log, the
 * delivery's state (delivered; or pending with its next attempt; or failed once its retry window
 * has passed; retry-schedule.ts), and the endpoint's health. A success clears the endpoint's
 * `failing_since`; a failure starts it, and a failure three days or more after it disables the
 * endpoint with the reason in words. The delivery row is changed only under this process's claim
 * token: if the claim ran out and another process took the row, its state is that process's to write.
 */
export async function recordAttempt(db: Db, delivery: ClaimedDelivery, outcome: SendOutcome, clock: Clock, random: () => number, firstRetryMs = firstRetryDelayMs): Promise<AttemptResult> {
  const nowMs = clock();
  const now = toIso(nowMs);
  const attempts = delivery.attempts + 1;
  return db.transaction(async (tx) => {
    await tx.run(
      db.qb.insertInto('webhook_attempts').values({
        id: randomUUID(),
        company_id: delivery.company_id,
        delivery_id: delivery.id,
        endpoint_id: delivery.endpoint_id,
        at: now,
        status_code: outcome.statusCode,
        latency_ms: outcome.latencyMs,
        error: outcome.error,
      }),
    );
    const last = { attempts, last_attempt_at: now, last_status_code: outcome.statusCode, last_latency_ms: outcome.latencyMs, last_error: outcome.error, claimed_until: null, claim_token: null };
    const updateDelivery = () => db.qb.updateTable('webhook_deliveries');
    const ours = (query: ReturnType<typeof updateDelivery>) => query.where('id', '=', delivery.id).where('claim_token', '=', delivery.claim_token);
    if (outcome.ok) {
      await tx.run(ours(updateDelivery().set({ ...last, status: 'delivered', delivered_at: now, next_attempt_at: null })));
      await tx.run(db.qb.updateTable('webhook_endpoints').set({ failing_since: null }).where('id', '=', delivery.endpoint_id).where('failing_since', 'is not', null));
      return { status: 'delivered', nextAttemptAt: null, disabledReason: null };
    }
    const next = nextAttemptAt(Date.parse(delivery.created_at), nowMs, attempts, random, firstRetryMs);
    const status = next === null ? 'failed' : 'pending';
    const nextAttempt = next === null ? null : toIso(next);
    await tx.run(ours(updateDelivery().set({ ...last, status, next_attempt_at: nextAttempt })));
    await tx.run(
      db.qb
        .updateTable('webhook_endpoints')
        .set({ failing_since: sql<string>`coalesce(failing_since, ${now})` })
        .where('id', '=', delivery.endpoint_id),
    );
    const disabledReason = await disableIfFailingTooLong(db, tx, delivery.endpoint_id, nowMs, outcome.error ?? 'failed');
    return { status, nextAttemptAt: nextAttempt, disabledReason };
  });
}

async function disableIfFailingTooLong(db: Db, tx: Queryable, endpointId: string, nowMs: number, lastError: string): Promise<string | null> {
  const endpoint = await tx.first(db.qb.selectFrom('webhook_endpoints').select(['enabled', 'failing_since']).where('id', '=', endpointId));
  if (!endpoint || endpoint.enabled !== 1 || endpoint.failing_since === null) return null;
  if (nowMs - Date.parse(endpoint.failing_since) < retryWindowMs) return null;
  const reason = `No successful delivery since ${inWords(endpoint.failing_since)}; last error: ${lastError}`;
  await tx.run(
    db.qb
      .updateTable('webhook_endpoints')
      .set({ enabled: 0, disabled_reason: reason, updated_at: toIso(nowMs) })
      .where('id', '=', endpointId)
      .where('enabled', '=', 1),
  );
  return reason;
}
