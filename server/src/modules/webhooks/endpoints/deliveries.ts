import type { WebhookDelivery } from '@studio/shared';
import type { Db } from '../../../db/types.js';
import type { Actor } from '../../../domain/actor.js';
import { cursorScope, type CursorCodec } from '../../../pagination/cursor.js';
import { keysetPage } from '../../../pagination/keyset.js';
import { assertMayManageEndpoints } from './access.js';
import { endpointRow } from './service.js';
import { deliveryView } from './views.js';

export interface DeliveryListQuery {
  status?: WebhookDelivery['status'] | undefined;
  limit: number;
  cursor?: string | undefined;
}

/** The columns a delivery is shown with, its event's type joined in. */
export function deliveryColumns(db: Db) {
  return db.qb
    .selectFrom('webhook_deliveries')
    .innerJoin('events', 'events.id', 'webhook_deliveries.event_id')
    .select([
      'webhook_deliveries.id',
      'webhook_deliveries.endpoint_id',
      'webhook_deliveries.event_id',
      'events.type as event_type',
      'webhook_deliveries.status',
      'webhook_deliveries.attempts',
      'webhook_deliveries.next_attempt_at',
      'webhook_deliveries.last_attempt_at',
      'webhook_deliveries.last_status_code',
      'webhook_deliveries.last_latency_ms',
      'webhook_deliveries.last_error',
      'webhook_deliveries.delivered_at',
      'webhook_deliveries.created_at',
    ]);
}

/** An endpoint's delivery log, newest first, optionally of one status. */
export async function listEndpointDeliveries(
  db: Db,
  actor: Actor,
  endpointId: string,
  query: DeliveryListQuery,
  cursors: CursorCodec,
): Promise<{ data: WebhookDelivery[]; next_cursor: string | null }> {
  assertMayManageEndpoints(actor);
  await endpointRow(db, actor, endpointId);
  let q = deliveryColumns(db).where('webhook_deliveries.endpoint_id', '=', endpointId).where('webhook_deliveries.company_id', '=', actor.companyId);
  if (query.status !== undefined) q = q.where('webhook_deliveries.status', '=', query.status);
  const scope = cursorScope(actor.companyId, `webhook_endpoints/${endpointId}/deliveries`, { status: query.status });
  const { rows, next_cursor } = await keysetPage(
    db,
    q,
    { first: 'webhook_deliveries.created_at', second: 'webhook_deliveries.id', descending: true },
    { limit: query.limit, cursor: query.cursor, codec: cursors, scope },
  );
  return { data: rows.map(deliveryView), next_cursor };
}
