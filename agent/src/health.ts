import type { DeviceHealth } from './devices/types.js';
import { cacheHealth, type CacheHealth } from './eligibility/cache-health.js';
import type { EligibilityCache } from './eligibility/cache.js';
import { gateHealth, gateNeedsLook, type GateHealth } from './gate/gate-health.js';
import type { GateStore } from './gate/gate-store.js';
import type { KioskHealth } from './kiosk/kiosk-health.js';
import type { ServerContact } from './link/server-contact.js';
import { healthStatus, type HealthStatus } from './runtime/health-status.js';
import { databaseWritable, type AgentDatabase } from './store/database.js';

/** GET /health: the process, then each part's own section (part of the composition root: it names the features). */
export type HealthReport = {
  status: HealthStatus;
  version: string;
  device_id: string;
  location_id: string;
  devices: DeviceHealth[];
  database: { writable: boolean };
  cache: CacheHealth;
} & GateHealth & {
    server: { last_contact_at: string | null };
    /** The class check-in kiosk, when enabled: its cache, its outbox and the conflicts kept for staff. */
    kiosk: KioskHealth | null;
    /** What the operator should fix though nothing fails (the local API reachable from the network), in words. */
    warnings: string[];
  };

export interface HealthDeps {
  version: string;
  deviceId: string;
  locationId: string;
  maxCacheAgeS: number;
  db: AgentDatabase;
  cache: EligibilityCache;
  gate: GateStore;
  contact: ServerContact;
  devices: () => DeviceHealth[];
  kiosk?: (() => KioskHealth) | null;
  /** Default none. */
  warnings?: () => string[];
  now: () => Date;
}

export function healthReport(deps: HealthDeps): HealthReport {
  const writable = databaseWritable(deps.db);
  const devices = deps.devices();
  const cache = cacheHealth(deps.cache, deps.maxCacheAgeS, deps.now());
  const gate = gateHealth(deps.gate);
  const kiosk = deps.kiosk?.() ?? null;
  return {
    status: healthStatus(writable, [cache.stale, gateNeedsLook(gate), (kiosk?.outbox.rejected ?? 0) > 0, devices.some((d) => d.state !== 'ok')]),
    version: deps.version,
    device_id: deps.deviceId,
    location_id: deps.locationId,
    devices,
    database: { writable },
    cache,
    ...gate,
    server: { last_contact_at: deps.contact.lastAt()?.toISOString() ?? null },
    kiosk,
    warnings: deps.warnings?.() ?? [],
  };
}
