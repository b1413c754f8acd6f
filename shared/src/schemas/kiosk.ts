import { z } from 'zod';
import { Count, Id, Timestamp } from './common.js';
import { LocationBranding, defaultBranding } from './locations.js';
import { eligibilityReasons } from './members.js';

/** The branding the kiosk shows, for the renderer (which imports this module only). */
export { brandingLanguages, defaultBranding, LocationBranding, type BrandingLanguage } from './locations.js';

/*
 * The kiosk's local API: served by the device agent on loopback (default 127.0.0.1:8787) under
 * `/kiosk/api/`, read by the kiosk renderer in a browser and by the Electron main process on the
 * renderer's behalf. It never carries an API key, a card number or a full name: the agent holds the
 * key and talks to the server; the kiosk sees first names and last initials only.
 *
 *   GET  /kiosk/api/status               KioskStatus        offline or not, the location's name, zone and branding (logo, accent colour, language)
 *   GET  /kiosk/api/classes              KioskTimetable     today's classes still to come or running, and the next hours
 *   GET  /kiosk/api/class?id=<uuid>      KioskClassDetail   one class with its roster (reserved and checked-in spots)
 *   POST /kiosk/api/check-in             KioskCheckIn  ->  KioskAnswer   tap your name
 *   POST /kiosk/api/scan-target          KioskScanTarget -> KioskScanTarget   the class a scan at this kiosk is for (null: choose)
 *   GET  /kiosk/api/events               Server-Sent Events: `answer` (KioskAnswer, after a scan at the kiosk's reader), `status` (KioskStatus)
 *   GET  /kiosk/api/conflicts            KioskConflicts     for staff: offline check-ins the server refused at sync
 *   GET  /kiosk/                         the renderer (index.html and its assets)
 *
 * Errors use the API's envelope `{error: {type, code, message, param?}}` with 400 (`invalid_param`,
 * `invalid_json`, `missing_field`, `parameter_unknown`), 404 (`resource_missing`, `route_not_found`),
 * 413, 415 (a POST body must be `application/json`), 500. Requests must name a loopback Host
 * (127.0.0.1, localhost, [::1]), else 400 `invalid_param` with `param: "Host"`.
 */

export const KioskClass = z.object({
  id: Id,
  name: z.string().describe('The class (its service) name'),
  instructor: z.string().nullable().describe('First name of the instructor, or null'),
  start: Timestamp,
  end: Timestamp,
  capacity: Count,
  booked: Count,
  spots_left: Count,
  status: z.enum(['scheduled', 'cancelled']),
  /** The class's check-in window as the server set it from the location's rule; absent from a server that sends none. */
  checkin_opens_at: Timestamp.optional(),
  checkin_closes_at: Timestamp.optional(),
});
export type KioskClass = z.infer<typeof KioskClass>;

export const KioskAttendee = z.object({
  contact_id: Id,
  display_name: z.string().describe('First name and last initial'),
  status: z.enum(['reserved', 'checked_in']),
});
export type KioskAttendee = z.infer<typeof KioskAttendee>;

/** `offline`: the server did not answer and this is the agent's cache, as of `as_of` (null: never loaded). */
const Freshness = { offline: z.boolean(), as_of: Timestamp.nullable() };

export const KioskTimetable = z.object({ data: z.array(KioskClass), ...Freshness });
export type KioskTimetable = z.infer<typeof KioskTimetable>;

export const KioskClassDetail = z.object({ class: KioskClass, roster: z.array(KioskAttendee), ...Freshness });
export type KioskClassDetail = z.infer<typeof KioskClassDetail>;

export const KioskStatus = z.object({
  offline: z.boolean(),
  location_name: z.string().nullable(),
  timezone: z.string().describe('IANA zone of the location, for showing times'),
  /** A reader is configured for class check-in at this kiosk. */
  scanner: z.boolean(),
  /** The location's logo, accent colour and language; absent from an older agent, which means the defaults. */
  branding: LocationBranding.default(defaultBranding),
});
export type KioskStatus = z.infer<typeof KioskStatus>;

export const KioskCheckIn = z.strictObject({ class_id: Id, contact_id: Id });
export type KioskCheckIn = z.infer<typeof KioskCheckIn>;

export const KioskClassQuery = z.strictObject({ id: Id });
export type KioskClassQuery = z.infer<typeof KioskClassQuery>;

export const KioskScanTarget = z.strictObject({ class_id: Id.nullable() });
export type KioskScanTarget = z.infer<typeof KioskScanTarget>;

/**
 * Why a kiosk check-in was refused, machine-readable: the member eligibility reasons of the API
 * (`past_due`, `form_missing`, `no_visits_remaining`, `expired`, `not_found`, ...) and the class
 * outcomes (`class_full`, `class_cancelled`, `not_booked`, `booking_rule`, `entitlement_required`,
 * `checkin_window`: outside the class's check-in window),
 * plus the kiosk's own: `no_class_now` (a scan with no class open for check-in), `cache_stale`
 * (offline with too old a cache), `walk_in_offline` (a walk-in needs the server), `unavailable`,
 * and a phone pass's, as at the door: `bad_code` (not a valid code now), `used` (scanned already).
 */
export const kioskOutcomes = ['checked_in', 'already_checked_in', 'refused'] as const;

/** Every reason above, so a kiosk can word each one; `reason` stays a string so a newer agent's reason still parses. */
export const kioskReasons = [
  ...eligibilityReasons,
  'class_full',
  'class_cancelled',
  'not_booked',
  'booking_rule',
  'entitlement_required',
  'checkin_window',
  'no_class_now',
  'cache_stale',
  'walk_in_offline',
  'unavailable',
  'bad_code',
  'used',
] as const;
export type KioskReason = (typeof kioskReasons)[number];

export const KioskAnswer = z.object({
  outcome: z.enum(kioskOutcomes),
  reason: z.string().nullable(),
  first_name: z.string().nullable(),
  class_id: Id.nullable(),
  class_name: z.string().nullable(),
  /** Booked and checked in at once (a scan by someone without a spot, when the rules allow). */
  walk_in: z.boolean(),
  /** Decided from the cache while the server was unreachable; the agent reports it later, exactly once. */
  offline: z.boolean(),
});
export type KioskAnswer = z.infer<typeof KioskAnswer>;

/**
 * An offline check-in the server refused when the agent reported it (a spot cancelled meanwhile:
 * `not_booked`; `class_cancelled`; an alert such as `past_due`): kept for staff, never dropped.
 */
export const KioskConflict = z.object({
  id: z.number().int(),
  class_id: Id,
  class_name: z.string(),
  class_start: Timestamp,
  contact_id: Id,
  display_name: z.string(),
  checked_in_at: Timestamp,
  reason: z.string(),
  reported_at: Timestamp.describe('When the server refused it'),
});
export type KioskConflict = z.infer<typeof KioskConflict>;

export const KioskConflicts = z.object({ data: z.array(KioskConflict) });
export type KioskConflicts = z.infer<typeof KioskConflicts>;
