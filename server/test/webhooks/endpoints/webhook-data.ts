import { randomUUID } from 'node:crypto';
import type { Db } from '../../../src/db/types.js';
import { systemActor } from '../../../src/domain/actor.js';
import { createEndpoint } from '../../../src/modules/webhooks/endpoints/service.js';

/**
 * Webhook test data. Deliveries are written as the dispatcher writes them (an event fanned out to
 * an endpoint), so these tests need no dispatcher or receiver.
 */

/** An endpoint of `companyId`, made by the business. */
export async function endpointOf(db: Db, companyId: string, fields: { url?: string; enabled?: boolean } = {}) {
  return createEndpoint(db, systemActor(companyId, 'test'), { url: fields.url ?? 'https://receiver.example/hooks', event_types: ['*'], enabled: fields.enabled ?? true });
}

export interface DeliveryFields {
  status?: 'pending' | 'delivered' | 'failed';
  createdAt?: string;
  claimedUntil?: string | null;
  type?: 'contact.created' | 'member.checked_in';
}

/** An event and its delivery to `endpointId`, with a failed attempt in the log unless still pending. */
export async function deliveryTo(db: Db, companyId: string, endpointId: string, fields: DeliveryFields = {}): Promise<string> {
  const at = fields.createdAt ?? '2031-03-04T10:00:00.000Z';
  const status = fields.status ?? 'failed';
  const event = randomUUID();
  const id = randomUUID();
  await db.run(db.qb.insertInto('events').values({ id: event, company_id: companyId, type: fields.type ?? 'contact.created', location_id: null, data: '{}', created_at: at, dispatched_at: at }));
  await db.run(
    db.qb.insertInto('webhook_deliveries').values({
      id,
      company_id: companyId,
      endpoint_id: endpointId,
      event_id: event,
      status,
      attempts: status === 'pending' ? 0 : 1,
      next_attempt_at: status === 'pending' ? at : null,
      claimed_until: fields.claimedUntil ?? null,
      claim_token: fields.claimedUntil ? 'a process' : null,
      last_attempt_at: status === 'pending' ? null : at,
      last_status_code: status === 'failed' ? 500 : status === 'delivered' ? 204 : null,
      last_latency_ms: status === 'pending' ? null : 15,
      last_error: status === 'failed' ? 'HTTP 500' : null,
      delivered_at: status === 'delivered' ? at : null,
      created_at: at,
    }),
  );
  if (status !== 'pending') {
    await db.run(
      db.qb
        .insertInto('webhook_attempts')
        .values({ id: randomUUID(), company_id: companyId, delivery_id: id, endpoint_id: endpointId, at, status_code: status === 'failed' ? 500 : 204, latency_ms: 15, error: null }),
    );
  }
  return id;
}
