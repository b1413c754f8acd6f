import { ApiError, type WebhookAttempt } from '@studio/shared';
import type { Db } from '../../../db/types.js';
import type { Actor } from '../../../domain/actor.js';
import { cursorScope, type CursorCodec } from '../../../pagination/cursor.js';
import { keysetPage } from '../../../pagination/keyset.js';
import { assertMayManageEndpoints } from './access.js';
import { attemptView } from './views.js';

export interface AttemptListQuery {
  limit: number;
  cursor?: string | undefined;
}

/**
 * Every attempt to send one delivery, oldest first (as delivery/record-attempt.ts wrote them): when,
 * the receiver's HTTP status or the error in words, and the latency. A delivery of another company,
 * or of the other environment (test mode is a company of its own), is not found.
 */
export async function listDeliveryAttempts(db: Db, actor: Actor, deliveryId: string, query: AttemptListQuery, cursors: CursorCodec): Promise<{ data: WebhookAttempt[]; next_cursor: string | null }> {
  assertMayManageEndpoints(actor);
  const delivery = await db.first(db.qb.selectFrom('webhook_deliveries').select('id').where('id', '=', deliveryId).where('company_id', '=', actor.companyId));
  if (!delivery) throw new ApiError('resource_missing', `No such webhook delivery: ${deliveryId}.`, { param: 'id' });
  const q = db.qb
    .selectFrom('webhook_attempts')
    .select(['id', 'delivery_id', 'at', 'status_code', 'latency_ms', 'error'])
    .where('delivery_id', '=', deliveryId)
    .where('company_id', '=', actor.companyId);
  const scope = cursorScope(actor.companyId, `webhook_deliveries/${deliveryId}/attempts`, {});
  const { rows, next_cursor } = await keysetPage(db, q, { first: 'at', second: 'id' }, { limit: query.limit, cursor: query.cursor, codec: cursors, scope });
  return { data: rows.map(attemptView), next_cursor };
}
