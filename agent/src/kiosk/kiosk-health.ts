import type { KioskConflict } from '@studio/shared/kiosk';
import type { KioskStore } from './store/kiosk-store.js';

/** The kiosk's part of GET /health. */
export interface KioskHealth {
  offline: boolean;
  timetable_synced_at: string | null;
  classes: number;
  outbox: { pending: number; rejected: number; sent: number; oldest_pending_at: string | null };
  /** Offline check-ins the server refused at sync: for staff, never dropped. */
  conflicts: KioskConflict[];
}

export function kioskConflicts(store: KioskStore): KioskConflict[] {
  return store.outbox.list('rejected').map((row) => ({
    id: row.id,
    class_id: row.class_id,
    class_name: row.class_name,
    class_start: row.class_start,
    contact_id: row.contact_id,
    display_name: row.display_name,
    checked_in_at: row.checked_in_at,
    reason: row.last_error ?? 'unknown',
    reported_at: row.updated_at,
  }));
}

export function kioskHealth(store: KioskStore, offline: boolean): KioskHealth {
  const depth = store.outbox.depth();
  return {
    offline,
    timetable_synced_at: store.timetable.state().syncedAt,
    classes: store.timetable.classes().length,
    outbox: { pending: depth.pending, rejected: depth.rejected, sent: depth.sent, oldest_pending_at: depth.oldestPendingAt },
    conflicts: kioskConflicts(store),
  };
}
