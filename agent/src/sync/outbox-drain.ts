import { ApiRequestError, type StudioClient } from '@studio/shared/client';
import type { Logger } from 'pino';
import { onlineCheckInBody } from '../gate/online-decision.js';
import type { DrainResult } from '../runtime/metrics.js';
import type { EligibilityCache } from '../eligibility/cache.js';
import type { DeliveryOutcome, Outbox, OutboxEntry, VoidOutcome } from '../store/outbox.js';
import type { ServerContact } from '../link/server-contact.js';

export type DrainServer = Pick<StudioClient['members'], 'checkIn' | 'voidVisit'>;

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

/** Rows delivered at once: enough to hide a round trip's latency, few enough not to crowd the server. */
export const drainInFlight = 16;
/** Rows read from the outbox per wave; their outcomes are written in one transaction. */
const waveSize = 128;

type Outcome = { row: OutboxEntry } & (
  { kind: 'sent'; visit: { id: string; membership_id: string; visits_used: number } } | { kind: 'rejected'; code: string } | { kind: 'retry'; code: string; message: string; answered: boolean }
);

async function attempt(server: DrainServer, row: OutboxEntry): Promise<Outcome> {
  try {
    return { row, kind: 'sent', visit: await deliver(server, row) };
  } catch (error) {
    const code = (error as { code?: string }).code ?? 'error';
    if (retryable(error)) return { row, kind: 'retry', code, message: (error as Error).message, answered: error instanceof ApiRequestError };
    return { row, kind: 'rejected', code };
  }
}

/** Each membership's rows in id order, the memberships in the order of their first row. */
function chainsByMembership(rows: readonly OutboxEntry[]): OutboxEntry[][] {
  const chains = new Map<string, OutboxEntry[]>();
  for (const row of rows) {
    const chain = chains.get(row.membership_id);
    if (chain) chain.push(row);
    else chains.set(row.membership_id, [row]);
  }
  return [...chains.values()];
}

/**
 * Delivers a wave: up to `drainInFlight` memberships at once, each membership's rows one after
 * another in id order (its visits reach the server in the order they happened, and its count of
 * used visits only grows). The first retryable failure stops new deliveries; those in flight finish.
 */
async function deliverWave(server: DrainServer, rows: readonly OutboxEntry[]): Promise<Outcome[]> {
  const chains = chainsByMembership(rows);
  const outcomes: Outcome[] = [];
  let stopped = false;
  const worker = async () => {
    for (let chain = chains.shift(); chain && !stopped; chain = chains.shift()) {
      for (const row of chain) {
        if (stopped) return;
        const outcome = await attempt(server, row);
        outcomes.push(outcome);
        if (outcome.kind === 'retry') stopped = true;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(drainInFlight, chains.length) }, worker));
  return outcomes;
}

function outcomeRecord(outcome: Outcome): DeliveryOutcome {
  const { id } = outcome.row;
  if (outcome.kind === 'sent') return { id, kind: 'sent', visitId: outcome.visit.id };
  if (outcome.kind === 'rejected') return { id, kind: 'rejected', error: outcome.code };
  return { id, kind: 'retry', error: `${outcome.code}: ${outcome.message}` };
}

/**
 * Drains the pending rows in waves. Returns false when the server could not be reached, so the
 * caller backs off; rejected rows are kept and reported, never dropped, and do not block the rows
 * behind them. A wave's outcomes are written together: a crash before that write leaves its rows
 * pending, and their next attempt, under the same keys, gets the server's stored answers.
 */
export async function drainOutbox(deps: DrainDeps): Promise<boolean> {
  const log = deps.logger.child({ module: 'outbox' });
  for (;;) {
    const rows = deps.outbox.pending(waveSize);
    if (rows.length === 0) return voidVisits(deps);
    const ids = rows.map((row) => row.id);
    deps.outbox.claim(ids);
    let outcomes: Outcome[];
    try {
      outcomes = await deliverWave(deps.server, rows);
      deps.outbox.record(outcomes.map(outcomeRecord), deps.now());
    } finally {
      deps.outbox.release(ids);
    }
    let reachable = true;
    for (const outcome of outcomes) {
      if (outcome.kind !== 'retry' || outcome.answered) deps.contact.seen();
      if (outcome.kind === 'sent') deps.cache.learn(outcome.visit.membership_id, { used: outcome.visit.visits_used });
      if (outcome.kind === 'retry') {
        reachable = false;
        log.warn({ outbox_id: outcome.row.id, code: outcome.code }, 'outbox delivery failed; will retry with the same key');
      }
      if (outcome.kind === 'rejected') {
        log.error({ outbox_id: outcome.row.id, membership_id: outcome.row.membership_id, code: outcome.code }, 'the server rejected an offline visit; kept as rejected for staff');
      }
      deps.onResult?.(outcome.kind);
    }
    if (!reachable) return false;
  }
}

/**
 * Voids, on the server, the sent visits whose door never opened (issue 14, 4a), after the visits
 * themselves: a row voided here was delivered first. Voiding is idempotent on the server, so a
 * crash before the outcome is written only repeats a void. A refusal other than the transient
 * ones is kept (`void_state = 'rejected'`, the code in `last_error`) for staff, never retried.
 */
async function voidVisits(deps: DrainDeps): Promise<boolean> {
  const log = deps.logger.child({ module: 'outbox' });
  for (;;) {
    const rows = deps.outbox.voidsDue(waveSize);
    if (rows.length === 0) return true;
    const outcomes: VoidOutcome[] = [];
    let reachable = true;
    for (const row of rows) {
      try {
        await deps.server.voidVisit(row.visit_id!, { reason: 'door_not_opened' }, { retries: 0 });
        deps.contact.seen();
        outcomes.push({ id: row.id, kind: 'done' });
        log.info({ outbox_id: row.id, visit_id: row.visit_id }, 'voided a visit whose door did not open');
      } catch (error) {
        const code = (error as { code?: string }).code ?? 'error';
        if (retryable(error)) {
          outcomes.push({ id: row.id, kind: 'retry', error: `${code}: ${(error as Error).message}` });
          reachable = false;
          log.warn({ outbox_id: row.id, code }, 'voiding a visit failed; will retry');
          break;
        }
        deps.contact.seen();
        outcomes.push({ id: row.id, kind: 'rejected', error: code });
        log.error({ outbox_id: row.id, visit_id: row.visit_id, code }, 'the server refused to void a visit whose door did not open; kept for staff');
      }
    }
    deps.outbox.recordVoids(outcomes, deps.now());
    if (!reachable) return false;
  }
}
