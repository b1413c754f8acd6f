import { ApiRequestError, type StudioClient } from '@studio/shared/client';
import type { Logger } from 'pino';
import { onlineCheckInBody } from '../gate/online-decision.js';
import type { DrainResult } from '../metrics.js';
import type { EligibilityCache } from '../store/cache.js';
import type { Outbox, OutboxEntry } from '../store/outbox.js';
import type { ServerContact } from './server-contact.js';

export type DrainServer = Pick<StudioClient['members'], 'checkIn'>;

export interface DrainDeps {
  server: DrainServer;
  outbox: Outbox;
  cache: EligibilityCache;
  contact: ServerContact;
  logger: Logger;
  now: () => Date;
  onResult?: (result: DrainResult) => void;
}

/**
 * Worth retrying later rather than rejecting the visit: the server is busy or failing, the key is
 * in use by a concurrent attempt, or the refusal is about this box's key (401/403), not the visit.
 */
function retryable(error: unknown): boolean {
  if (!(error instanceof ApiRequestError)) return true;
  return error.transient || error.status === 401 || error.status === 403;
}

/**
 * Delivers one outbox row. The key is the row's own, on every attempt and after every restart,
 * so a crash between "the server recorded it" and "the row is marked sent" replays the stored
 * answer instead of recording a second visit.
 *
 * A row whose online check-in went unanswered first replays that exact online body (same key,
 * same bytes): if the server had recorded it, that is the visit. If the server had refused it or
 * never saw it and now refuses (the member entered anyway, on the cache's word), the offline
 * report follows under a key derived from the row's, so it too is sent at most once.
 */
async function deliver(server: DrainServer, row: OutboxEntry) {
  const visit = { locationId: row.location_id, membershipId: row.membership_id, deviceId: row.device_id, checkedInAt: row.checked_in_at };
  if (row.online_attempted) {
    try {
      return (await server.checkIn(onlineCheckInBody(visit), { idempotencyKey: row.idempotency_key, retries: 0 })).data;
    } catch (error) {
      // Refused for the member, or for this box's clock running ahead (not stored, so not decided):
      // the gate opened all the same, and the server records an offline report at its own time.
      const refused = error instanceof ApiRequestError && (error.code === 'checkin_blocked' || error.param === 'checked_in_at');
      if (!refused) throw error;
    }
  }
  const key = row.online_attempted ? `${row.idempotency_key}:offline` : row.idempotency_key;
  return (await server.checkIn({ ...onlineCheckInBody(visit), offline: true }, { idempotencyKey: key, retries: 0 })).data;
}

/**
 * One pass over the pending rows in order. Returns false when the server could not be reached, so
 * the caller backs off; rejected rows are kept and reported, never dropped, and do not block the
 * rows behind them.
 */
export async function drainOutbox(deps: DrainDeps): Promise<boolean> {
  const log = deps.logger.child({ module: 'outbox' });
  for (;;) {
    const rows = deps.outbox.pending(50);
    if (rows.length === 0) return true;
    for (const row of rows) {
      try {
        const visit = await deliver(deps.server, row);
        deps.contact.seen();
        deps.outbox.markSent(row.id, visit.id, deps.now());
        deps.cache.learn(visit.membership_id, { used: visit.visits_used });
        deps.onResult?.('sent');
      } catch (error) {
        const code = (error as { code?: string }).code ?? 'error';
        if (error instanceof ApiRequestError) deps.contact.seen();
        if (retryable(error)) {
          deps.outbox.markFailedAttempt(row.id, `${code}: ${(error as Error).message}`, deps.now());
          deps.onResult?.('retry');
          log.warn({ outbox_id: row.id, code }, 'outbox delivery failed; will retry with the same key');
          return false;
        }
        deps.outbox.markRejected(row.id, code, deps.now());
        deps.onResult?.('rejected');
        log.error({ outbox_id: row.id, membership_id: row.membership_id, code }, 'the server rejected an offline visit; kept as rejected for staff');
      }
    }
  }
}
