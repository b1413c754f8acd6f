import type { Logger } from 'pino';
import { refusalReason } from './answers.js';
import type { ClassCheckInEntry } from './store/class-outbox.js';
import type { KioskStore } from './store/kiosk-store.js';
import { isServerAnswer } from '../link/server-link.js';
import type { KioskLink } from './kiosk-server.js';

export type ClassDrainResult = 'sent' | 'rejected' | 'retry';

export interface ClassDrainDeps {
  link: KioskLink;
  store: KioskStore;
  logger: Logger;
  now: () => Date;
  onResult?: (result: ClassDrainResult) => void;
}

/** A background delivery is not in a hurry, but must not hang. */
const deliveryBudgetMs = 10_000;

/** The report of an offline check-in, rebuilt from its row byte for byte on every attempt. */
export function classCheckInReport(row: ClassCheckInEntry) {
  return { contact_id: row.contact_id, checked_in_at: row.checked_in_at, source: 'kiosk' as const, device_id: row.device_id, offline: true };
}

/**
 * One pass over the pending offline class check-ins, in order, each with its own Idempotency-Key
 * on every attempt and after every restart: a crash between "the server recorded it" and "marked
 * sent" replays the server's stored answer, and a class check-in is once per spot anyway.
 * The server not answering stops the pass (false: the caller backs off). The server refusing
 * (409 `not_booked` for a spot cancelled meanwhile, `class_cancelled`, 422 `checkin_blocked`, ...)
 * is a conflict: the row is kept as `rejected` with its reason for staff, and the rows behind it go.
 */
export async function drainClassCheckIns(deps: ClassDrainDeps): Promise<boolean> {
  const { link, store } = deps;
  const log = deps.logger.child({ module: 'kiosk-outbox' });
  for (;;) {
    const rows = store.outbox.pending(50);
    if (rows.length === 0) return true;
    for (const row of rows) {
      try {
        await link.within(deliveryBudgetMs)((o) => link.server.classes.checkIn(row.class_id, classCheckInReport(row), { ...o, idempotencyKey: row.idempotency_key }));
        store.outbox.markSent(row.id, deps.now());
        deps.onResult?.('sent');
      } catch (error) {
        const code = (error as { code?: string }).code ?? 'error';
        if (!isServerAnswer(error)) {
          store.outbox.markFailedAttempt(row.id, `${code}: ${(error as Error).message}`, deps.now());
          deps.onResult?.('retry');
          log.warn({ outbox_id: row.id, code }, 'class check-in delivery failed; will retry with the same key');
          return false;
        }
        const reason = refusalReason(error);
        store.outbox.markRejected(row.id, reason, deps.now());
        deps.onResult?.('rejected');
        // No person in the line: the row id leads staff to it in /health and /kiosk/api/conflicts.
        log.warn({ outbox_id: row.id, reason }, 'an offline class check-in conflicts with the server; kept for staff');
      }
    }
  }
}
