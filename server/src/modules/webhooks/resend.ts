import { ApiError, type WebhookDelivery } from '@studio/shared';
import { systemClock, toIso, type Clock } from '../../clock/time.js';
import type { Db } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import { assertMayManageEndpoints } from './endpoints/access.js';
import { deliveryColumns } from './endpoints/deliveries.js';
import { endpointRow } from './endpoints/service.js';
import { asStaffChange } from './endpoints/staff-changes.js';
import { deliveryDetails } from './send-test.js';
import { deliveryView } from './endpoints/views.js';

/**
 * Sends a delivery again (the delivery log's Resend), whatever its status: it becomes pending and
 * due now, and the worker sends it on its next pass with the same webhook-id, so a receiver that
 * had it already can drop the repeat. A claim that has run out is cleared; one still running is
 * kept, so a delivery being sent this moment is not sent twice at once. It keeps its attempts and
 * its retry window (delivery/retry-schedule.ts): a resend past the window is one more attempt.
 * A disabled endpoint is refused: nothing would send it, and enabling the endpoint is the fix.
 * A staff member's is audited, with no password: it sends again what was sent (staff-changes.ts).
 */
export async function resendDelivery(db: Db, actor: Actor, deliveryId: string, clock: Clock = systemClock): Promise<WebhookDelivery> {
  assertMayManageEndpoints(actor);
  const change = { action: 'webhook_delivery_resent' as const, needsPassword: false, details: deliveryDetails };
  return asStaffChange(db, actor, undefined, change, () => sendAgain(db, actor, deliveryId, clock), clock);
}

async function sendAgain(db: Db, actor: Actor, deliveryId: string, clock: Clock): Promise<WebhookDelivery> {
  const now = toIso(clock());
  const find = () => db.first(deliveryColumns(db).where('webhook_deliveries.id', '=', deliveryId).where('webhook_deliveries.company_id', '=', actor.companyId));
  return db.transaction(async () => {
    const delivery = await find();
    if (!delivery) throw new ApiError('resource_missing', `No such webhook delivery: ${deliveryId}.`, { param: 'id' });
    const endpoint = await endpointRow(db, actor, delivery.endpoint_id);
    if (!endpoint.enabled) {
      throw new ApiError('webhook_endpoint_disabled', 'The endpoint of this delivery is disabled, so nothing would send it; enable the endpoint first, then resend.', { param: 'id' });
    }
    await db.run(db.qb.updateTable('webhook_deliveries').set({ status: 'pending', next_attempt_at: now, delivered_at: null }).where('id', '=', deliveryId));
    await db.run(db.qb.updateTable('webhook_deliveries').set({ claimed_until: null, claim_token: null }).where('id', '=', deliveryId).where('claimed_until', '<=', now));
    return deliveryView((await find())!);
  });
}
