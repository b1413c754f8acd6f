import { ApiError, type WebhookDelivery } from '@studio/shared';
import { systemClock, toIso, type Clock } from '../../../clock/time.js';
import { actorNoun, type Actor } from '../../../domain/actor.js';
import type { Db } from '../../../db/types.js';

/**
 * Sends a delivery again (the delivery log's manual resend): pending and due now, whatever it was
 * (delivered, failed, or waiting for a retry). A claim that has run out is cleared; one still
 * running is kept, so a delivery being sent this moment is not sent twice at once (its send then
 * records as usual). It keeps its attempts and its retry window (retry-schedule.ts): a resend past
 * the window is one more attempt. A delivery of another company is not found; one to a disabled
 * endpoint is refused (`webhook_endpoint_disabled`), since nothing is sent to it.
 */
export async function resendDelivery(db: Db, actor: Actor, deliveryId: string, clock: Clock = systemClock): Promise<WebhookDelivery> {
  if (!actor.scopes.includes('write:webhooks')) throw new ApiError('insufficient_scope', `${capitalised(actorNoun(actor))} lacks the scope write:webhooks.`);
  const now = toIso(clock());
  return db.transaction(async (tx) => {
    const found = await tx.first(
      db.qb
        .selectFrom('webhook_deliveries as d')
        .innerJoin('webhook_endpoints as w', 'w.id', 'd.endpoint_id')
        .select(['d.id', 'w.enabled'])
        .where('d.id', '=', deliveryId)
        .where('d.company_id', '=', actor.companyId),
    );
    if (!found) throw new ApiError('resource_missing', `No webhook delivery ${deliveryId}.`, { param: 'id' });
    if (found.enabled !== 1) throw new ApiError('webhook_endpoint_disabled', 'The endpoint of this delivery is disabled; enable it, then resend.', { param: 'id' });
    await tx.run(db.qb.updateTable('webhook_deliveries').set({ status: 'pending', next_attempt_at: now }).where('id', '=', deliveryId));
    await tx.run(db.qb.updateTable('webhook_deliveries').set({ claimed_until: null, claim_token: null }).where('id', '=', deliveryId).where('claimed_until', '<=', now));
    return (await deliveryById(db, tx, deliveryId))!;
  });
}

function capitalised(words: string): string {
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A delivery as the API shows it (the `WebhookDelivery` schema). */
export async function deliveryById(db: Db, tx: Pick<Db, 'first'>, id: string): Promise<WebhookDelivery | undefined> {
  const row = await tx.first(
    db.qb
      .selectFrom('webhook_deliveries as d')
      .innerJoin('events as e', 'e.id', 'd.event_id')
      .select(['d.id', 'd.endpoint_id', 'd.event_id', 'e.type as event_type', 'd.status', 'd.attempts'])
      .select(['d.next_attempt_at', 'd.last_attempt_at', 'd.last_status_code', 'd.last_latency_ms', 'd.last_error', 'd.delivered_at', 'd.created_at'])
      .where('d.id', '=', id),
  );
  return row && ({ ...row, attempts: Number(row.attempts) } as WebhookDelivery);
}
