import { randomUUID } from 'node:crypto';
import { ApiError, testEventType, type WebhookDelivery, type WebhookTestData } from '@studio/shared';
import { systemClock, toIso, type Clock } from '../../clock/time.js';
import type { Db } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import { assertMayManageEndpoints } from './endpoints/access.js';
import { deliveryColumns } from './endpoints/deliveries.js';
import { endpointRow } from './endpoints/service.js';
import { asStaffChange } from './endpoints/staff-changes.js';
import { deliveryView } from './endpoints/views.js';

/**
 * Sends a `webhook.test` event to one endpoint (the Developers page's "Send test event"), so an
 * integrator can check their receiver verifies signatures without changing anything. In one
 * transaction: the event, already marked dispatched so fan-out never gives it to another endpoint,
 * and one pending delivery due now; the worker sends it like any delivery (signed, retried, in the
 * delivery log). GET /v1/events does not list it (events/queries.ts). A disabled endpoint is
 * refused, as resend refuses it: nothing would send the delivery. A staff member's is audited, with
 * no password: it changes nothing and goes only where the endpoint already sends (staff-changes.ts).
 */
export async function sendTestEvent(db: Db, actor: Actor, endpointId: string, clock: Clock = systemClock): Promise<WebhookDelivery> {
  assertMayManageEndpoints(actor);
  const change = { action: 'webhook_test_sent' as const, needsPassword: false, details: deliveryDetails };
  return asStaffChange(db, actor, undefined, change, () => sendTest(db, actor, endpointId, clock), clock);
}

/** What the staff audit log records of a delivery. */
export const deliveryDetails = (delivery: WebhookDelivery) => ({ delivery_id: delivery.id, endpoint_id: delivery.endpoint_id, event_id: delivery.event_id });

async function sendTest(db: Db, actor: Actor, endpointId: string, clock: Clock): Promise<WebhookDelivery> {
  const now = toIso(clock());
  const endpoint = await endpointRow(db, actor, endpointId);
  if (!endpoint.enabled) {
    throw new ApiError('webhook_endpoint_disabled', 'This endpoint is disabled, so nothing would send the test event; enable the endpoint first, then send it.', { param: 'id' });
  }
  return db.transaction(async (sql) => {
    const eventId = randomUUID();
    const deliveryId = randomUUID();
    const data: WebhookTestData = { endpoint_id: endpointId, message: 'A test event: nothing changed at the studio. If its signature verifies, your receiver is ready.' };
    await sql.run(
      db.qb.insertInto('events').values({ id: eventId, company_id: actor.companyId, type: testEventType, location_id: null, data: JSON.stringify(data), created_at: now, dispatched_at: now }),
    );
    await sql.run(
      db.qb
        .insertInto('webhook_deliveries')
        .values({ id: deliveryId, company_id: actor.companyId, endpoint_id: endpointId, event_id: eventId, status: 'pending', attempts: 0, next_attempt_at: now, created_at: now }),
    );
    return deliveryView((await sql.first(deliveryColumns(db).where('webhook_deliveries.id', '=', deliveryId)))!);
  });
}
