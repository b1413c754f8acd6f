import type { DeviceHealth } from './devices/types.js';
import type { KioskHealth } from './kiosk/kiosk-health.js';
import type { AgentStore } from './store/agent-store.js';
import type { RefusedVoid } from './store/outbox.js';
import type { ServerContact } from './link/server-contact.js';

export interface HealthReport {
  /** `failing`: the database is not writable (the watchdog stops feeding); `degraded`: works, but needs a look. */
  status: 'ok' | 'degraded' | 'failing';
  version: string;
  device_id: string;
  location_id: string;
  devices: DeviceHealth[];
  database: { writable: boolean };
  cache: { rows: number; synced_at: string | null; age_s: number | null; stale: boolean };
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
  server: { last_contact_at: string | null };
  /** The class check-in kiosk, when enabled: its cache, its outbox and the conflicts kept for staff. */
  kiosk: KioskHealth | null;
}

export interface HealthDeps {
  version: string;
  deviceId: string;
  locationId: string;
  maxCacheAgeS: number;
  store: AgentStore;
  contact: ServerContact;
  devices: () => DeviceHealth[];
  kiosk?: (() => KioskHealth) | null;
  now: () => Date;
}

/** Refused voids listed in /health: enough to act on, bounded however many pile up. */
export const refusedVoidsShown = 10;

export function cacheAgeSeconds(store: AgentStore, now: Date): number | null {
  const syncedAt = store.cache.syncedAt();
  return syncedAt === null ? null : Math.max(0, Math.round((now.getTime() - syncedAt.getTime()) / 1000));
}

export function healthReport(deps: HealthDeps): HealthReport {
  const { store } = deps;
  const now = deps.now();
  const writable = store.writable();
  const devices = deps.devices();
  const age = cacheAgeSeconds(store, now);
  const stale = age === null || age > deps.maxCacheAgeS;
  const depth = store.outbox.depth();
  const kiosk = deps.kiosk?.() ?? null;
  const voids = store.outbox.refusedVoids(refusedVoidsShown);
  const degraded = stale || depth.rejected > 0 || voids.count > 0 || (kiosk?.outbox.rejected ?? 0) > 0 || devices.some((d) => d.state !== 'ok');
  return {
    status: !writable ? 'failing' : degraded ? 'degraded' : 'ok',
    version: deps.version,
    device_id: deps.deviceId,
    location_id: deps.locationId,
    devices,
    database: { writable },
    cache: { rows: store.cache.rowCount(), synced_at: store.cache.syncedAt()?.toISOString() ?? null, age_s: age, stale },
    outbox: {
      pending: depth.pending,
      rejected: depth.rejected,
      sent: depth.sent,
      oldest_pending_at: depth.oldestPendingAt,
      rejected_rows: store.outbox.list('rejected').map((row) => ({ id: row.id, membership_id: row.membership_id, checked_in_at: row.checked_in_at, code: row.last_error })),
    },
    voids: { refused: voids.count, refused_rows: voids.newest },
    server: { last_contact_at: deps.contact.lastAt()?.toISOString() ?? null },
    kiosk,
  };
}
