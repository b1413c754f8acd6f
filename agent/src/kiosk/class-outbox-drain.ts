import type { Logger } from 'pino';
import { drainOutbox, type DrainOutcome } from '../outbox/drain.js';
import { refusalReason } from './answers.js';
import type { KioskLink } from './kiosk-server.js';
import type { ClassCheckInEntry } from './store/class-outbox.js';
import type { KioskStore } from './store/kiosk-store.js';

export type ClassDrainResult = DrainOutcome<ClassCheckInEntry, unknown>['kind'];

export interface ClassDrainDeps {
  link: KioskLink;
  store: KioskStore;
  logger: Logger;
  now: () => Date;
  onResult?: (result: ClassDrainResult) => void;
}

/** A background delivery is not in a hurry, but must not hang. */
const deliveryBudgetMs = 10_000;

/**
 * The report of an offline check-in, rebuilt from its row byte for byte on every attempt. It goes
 * with the agent's device key (issue 29: a late, offline report is a device key's only, for its own
 * device), and names no `source`: the server records the key's kind, `kiosk`, or `turnstile` for
 * the one box, whose single device key is its turnstile's.
 */
export function classCheckInReport(row: ClassCheckInEntry) {
  return { contact_id: row.contact_id, checked_in_at: row.checked_in_at, device_id: row.device_id, offline: true };
}

/**
 * One pass over the pending offline class check-ins on the generic drain: one at a time, in the
 * order they happened, each marked as soon as it is answered, with its own Idempotency-Key on
 * every attempt and after every restart (a crash between "the server recorded it" and "marked
 * sent" replays the server's stored answer, and a class check-in is once per spot anyway).
 * The server not answering stops the pass (false: the caller backs off). The server refusing
 * (409 `not_booked` for a spot cancelled meanwhile, `class_cancelled`, 422 `checkin_blocked`, ...)
 * is a conflict: the row is kept as `rejected` with its reason for staff, and the rows behind it go.
 */
export function drainClassCheckIns(deps: ClassDrainDeps): Promise<boolean> {
  const { link } = deps;
  const log = deps.logger.child({ module: 'kiosk-outbox' });
  return drainOutbox({
    outbox: deps.store.outbox,
    deliver: (row) => link.within(deliveryBudgetMs)((o) => link.server.classes.checkIn(row.class_id, classCheckInReport(row), { ...o, idempotencyKey: row.idempotency_key })),
    refusalReason,
    inFlight: 1,
    waveSize: 1,
    logger: log,
    now: deps.now,
    onOutcome: (outcome) => {
      // No person in the line: the row id leads staff to it in /health and /kiosk/api/conflicts.
      if (outcome.kind === 'rejected') log.warn({ outbox_id: outcome.row.id, reason: outcome.reason }, 'an offline class check-in conflicts with the server; kept for staff');
      deps.onResult?.(outcome.kind);
    },
  });
}
