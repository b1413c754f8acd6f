import { z } from 'zod';
import { Count, Id, Timestamp } from './common.js';
import type { Scope } from './scopes.js';

/**
 * A device agent's heartbeat (`POST /v1/devices/heartbeat`, an extension) and the web app's view of
 * the agents that sent one. Health, counts and times only: never a key, a card number or a name.
 */

const Note = z.string().max(300);

/** One reader, relay or sensor of the agent, as its own GET /health shows it. */
export const DeviceComponentHealth = z
  .strictObject({
    id: z.string().min(1).max(100),
    kind: z.enum(['reader', 'relay', 'sensor']),
    driver: z.string().min(1).max(100),
    state: z.enum(['starting', 'ok', 'degraded', 'down', 'unavailable', 'stopped']),
    since: Timestamp,
    last_error: Note.nullable(),
    last_event_at: Timestamp.nullable(),
    reconnects: Count,
    hint: Note.nullable().describe('What to check when `degraded`'),
  })
  .meta({ id: 'DeviceComponentHealth' });
export type DeviceComponentHealth = z.infer<typeof DeviceComponentHealth>;

/** Check-ins and class check-ins decided offline and not yet delivered. */
export const DeviceOutbox = z
  .strictObject({
    pending: Count,
    rejected: Count.describe('Refused by the server and kept on the agent for staff'),
    oldest_pending_at: Timestamp.nullable(),
  })
  .meta({ id: 'DeviceOutbox' });

/** The offline eligibility cache: when it was last complete, against the staleness the agent allows. */
export const DeviceCache = z
  .strictObject({
    synced_at: Timestamp.nullable().describe('The last complete feed sync; null: never'),
    age_s: Count.nullable(),
    max_age_s: Count.describe("The agent's `offline.max_cache_age_s`: older, offline scans are refused"),
    stale: z.boolean(),
  })
  .meta({ id: 'DeviceCache' });

/** The class check-in kiosk the agent serves, with its settings from the agent's config. */
export const DeviceKiosk = z
  .strictObject({
    reader: z.string().max(100).nullable(),
    horizon_hours: z.number().min(0).max(24),
    refresh_s: z.number().min(0),
    checkin_opens_min: Count,
    online_budget_ms: Count,
    offline: z.boolean(),
    timetable_synced_at: Timestamp.nullable(),
  })
  .meta({ id: 'DeviceKiosk' });

export const DeviceHeartbeatRequest = z
  .strictObject({
    location_id: Id,
    device_id: z.string().min(1).max(100).describe("The agent's `device_id`"),
    agent_version: z.string().min(1).max(50),
    status: z.enum(['ok', 'degraded', 'failing']).describe("The agent's own GET /health status"),
    sent_at: Timestamp.describe("The agent's clock; the server keeps its own receive time as the last contact"),
    devices: z.array(DeviceComponentHealth).max(50),
    outbox: DeviceOutbox,
    cache: DeviceCache,
    last_scan_at: Timestamp.nullable().describe('The newest read at any of its readers'),
    kiosk: DeviceKiosk.nullable(),
  })
  .meta({ id: 'DeviceHeartbeatRequest' });
export type DeviceHeartbeatRequest = z.infer<typeof DeviceHeartbeatRequest>;

export const DeviceHeartbeatReceived = z.object({ device_id: z.string(), received_at: Timestamp }).meta({ id: 'DeviceHeartbeatReceived' });
export type DeviceHeartbeatReceived = z.infer<typeof DeviceHeartbeatReceived>;

/** From the last contact: `online` under `stale_after_s`, `stale` under `lost_after_s`, `lost` after. */
export const DeviceContactState = z.enum(['online', 'stale', 'lost']);
export type DeviceContactState = z.infer<typeof DeviceContactState>;

/** An agent as the web app's Devices page shows it: its last heartbeat and how long ago it came. */
export const DeviceView = z.object({
  device_id: z.string(),
  location_id: Id,
  state: DeviceContactState,
  last_contact_at: Timestamp,
  silent_s: Count.describe('Seconds since the last contact, by the server clock'),
  agent_version: z.string(),
  status: z.enum(['ok', 'degraded', 'failing']),
  sent_at: Timestamp,
  devices: z.array(DeviceComponentHealth),
  outbox: DeviceOutbox,
  cache: DeviceCache,
  last_scan_at: Timestamp.nullable(),
  kiosk: DeviceKiosk.nullable(),
});
export type DeviceView = z.infer<typeof DeviceView>;

export const DeviceList = z.object({
  as_of: Timestamp.describe('The server time the states were computed at'),
  stale_after_s: Count,
  lost_after_s: Count,
  data: z.array(DeviceView),
});
export type DeviceList = z.infer<typeof DeviceList>;

/** What a device key is bound to (issue 29): a turnstile, a class check-in kiosk or a desk reader. */
export const deviceKinds = ['turnstile', 'kiosk', 'desk_reader'] as const;
export const DeviceKind = z.enum(deviceKinds);
export type DeviceKind = z.infer<typeof DeviceKind>;

/** The check-in `source` a device of each kind records: its own, and no other. A desk reader's reads are never check-ins. */
export const deviceCheckinSource: Record<DeviceKind, 'turnstile' | 'kiosk' | null> = { turnstile: 'turnstile', kiosk: 'kiosk', desk_reader: null };

/** The scopes a device key of each kind is minted with: what its agent calls, no more. */
export const deviceKeyScopes: Record<DeviceKind, readonly Scope[]> = {
  turnstile: ['checkin:members'],
  // The kiosk reads the timetable and the location's name, books walk-ins and checks into class.
  kiosk: ['checkin:members', 'read:classes', 'write:classes', 'read:catalog'],
  desk_reader: ['checkin:members'],
};

/** The device a device key is bound to, as key lists show it; null for any other key. */
export const KeyDevice = z.object({ id: z.string(), kind: DeviceKind });
export type KeyDevice = z.infer<typeof KeyDevice>;
