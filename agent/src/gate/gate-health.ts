import type { GateStore } from './gate-store.js';
import type { RefusedVoid } from './visit-outbox.js';

/** Refused voids listed in /health: enough to act on, bounded however many pile up. */
export const refusedVoidsShown = 10;

/** The gate's part of GET /health: its visit outbox and the voids the server refused. */
export interface GateHealth {
  outbox: {
    pending: number;
    rejected: number;
    sent: number;
    oldest_pending_at: string | null;
    /** Kept for staff: the server refused these offline visits (e.g. a membership since deleted). */
    rejected_rows: { id: number; membership_id: string; checked_in_at: string; code: string | null }[];
  };
  /**
   * Visits whose door did not open that the server refused to void (they still count): how many,
   * and the newest few for staff. Ids, codes and times only: never a card number or a name.
   */
  voids: { refused: number; refused_rows: RefusedVoid[] };
}

export function gateHealth(store: GateStore): GateHealth {
  const depth = store.outbox.depth();
  const voids = store.outbox.refusedVoids(refusedVoidsShown);
  return {
    outbox: {
      pending: depth.pending,
      rejected: depth.rejected,
      sent: depth.sent,
      oldest_pending_at: depth.oldestPendingAt,
      rejected_rows: store.outbox.list('rejected').map((row) => ({ id: row.id, membership_id: row.membership_id, checked_in_at: row.checked_in_at, code: row.last_error })),
    },
    voids: { refused: voids.count, refused_rows: voids.newest },
  };
}

/** Rejected visits or refused voids wait for staff. */
export function gateNeedsLook(health: GateHealth): boolean {
  return health.outbox.rejected > 0 || health.voids.refused > 0;
}
