import type { Visit } from '@studio/shared';
import { ApiRequestError, type StudioClient } from '@studio/shared/client';
import type { Logger } from 'pino';
import type { EligibilityCache } from '../eligibility/cache.js';
import type { ServerContact } from '../link/server-contact.js';
import { ServerLink } from '../link/server-link.js';
import { drainOutbox, type DrainOutcome } from '../outbox/drain.js';
import { onlineCheckInBody } from './online-decision.js';
import type { OutboxEntry, VisitOutbox } from './visit-outbox.js';
import { voidVisits } from './visit-voids.js';

export type DrainServer = Pick<StudioClient['members'], 'checkIn' | 'voidVisit'>;
export type DrainResult = DrainOutcome<OutboxEntry, Visit>['kind'];

export interface DrainDeps {
  server: DrainServer;
  outbox: VisitOutbox;
  cache: EligibilityCache;
  contact: ServerContact;
  logger: Logger;
  now: () => Date;
  onResult?: (result: DrainResult) => void;
}

/**
 * Rows delivered at once: enough to hide a round trip's latency and to let the server share one
 * durable commit among the check-ins it reads in one turn, few enough not to crowd it.
 */
export const drainInFlight = 32;
/**
 * Rows read from the outbox per wave; their outcomes are written in one transaction. A wave's
 * tail runs below the in-flight bound, so a wave holds many rounds of it.
 */
const waveSize = 512;
/** A background delivery is not in a hurry, but must not hang: each call gets this long. */
export const deliveryBudgetMs = 10_000;

/**
 * Delivers one visit under its row's own key, so a crash between "the server recorded it" and
 * "the row is marked sent" replays the stored answer instead of recording a second visit.
 *
 * A row whose online check-in went unanswered first replays that exact online body (same key,
 * same bytes): if the server had recorded it, that is the visit. If the server had refused it or
 * never saw it and now refuses (the member entered anyway, on the cache's word), the offline
 * report follows under a key derived from the row's, so it too is sent at most once.
 */
async function deliverVisit(link: ServerLink<DrainServer>, row: OutboxEntry): Promise<Visit> {
  const visit = { locationId: row.location_id, membershipId: row.membership_id, deviceId: row.device_id, checkedInAt: row.checked_in_at };
  if (row.online_attempted) {
    try {
      return (await link.within(deliveryBudgetMs)((o) => link.server.checkIn(onlineCheckInBody(visit), { ...o, idempotencyKey: row.idempotency_key }))).data;
    } catch (error) {
      // Refused for the member, or for this box's clock running ahead (not stored, so not decided):
      // the gate opened all the same, and the server records an offline report at its own time.
      const refused = error instanceof ApiRequestError && (error.code === 'checkin_blocked' || error.param === 'checked_in_at');
      if (!refused) throw error;
    }
  }
  const key = row.online_attempted ? `${row.idempotency_key}:offline` : row.idempotency_key;
  return (await link.within(deliveryBudgetMs)((o) => link.server.checkIn({ ...onlineCheckInBody(visit), offline: true }, { ...o, idempotencyKey: key }))).data;
}

/**
 * One pass over the offline visits on the generic drain: up to `drainInFlight` memberships at
 * once, each membership's visits one after another in the order they happened (its count of used
 * visits only grows), then the voids of visits whose door did not open. False when the server did
 * not answer: the caller backs off. A rejected visit is kept for staff, never dropped.
 */
export async function drainVisits(deps: DrainDeps): Promise<boolean> {
  const log = deps.logger.child({ module: 'outbox' });
  const link = new ServerLink(deps.server, deps.contact);
  const delivered = await drainOutbox({
    outbox: deps.outbox,
    deliver: (row) => deliverVisit(link, row),
    sentRef: (visit) => visit.id,
    inFlight: drainInFlight,
    orderKey: (row) => row.membership_id,
    waveSize,
    logger: log,
    now: deps.now,
    writeWithWave: (outcomes) => {
      for (const outcome of outcomes) if (outcome.kind === 'sent') deps.cache.learn(outcome.result.membership_id, { used: outcome.result.visits_used });
    },
    onOutcome: (outcome) => {
      if (outcome.kind === 'rejected') {
        log.error({ outbox_id: outcome.row.id, membership_id: outcome.row.membership_id, code: outcome.reason }, 'the server rejected an offline visit; kept as rejected for staff');
      }
      deps.onResult?.(outcome.kind);
    },
  });
  if (!delivered) return false;
  return voidVisits({ link, outbox: deps.outbox, logger: log, now: deps.now });
}
