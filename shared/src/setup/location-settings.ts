import { z } from 'zod';
import { defaultCheckinWindow } from '../eligibility/checkin-window.js';
import { MatchingProfile } from '../credentials/profile.js';
import { AccessHours, CheckinAlerts } from '../eligibility/rules.js';
import { StoredInteger } from '../schemas/common.js';
import { brandingLanguages, defaultBranding } from '../schemas/locations.js';
import { languageOfCountry } from '../i18n/languages.js';

/** A location's rules (server/src/modules/locations/settings.ts reads them), and what the setup screens send and show of them. */

const minutes = StoredInteger.min(0);
const hours = StoredInteger.min(0);
const days = StoredInteger.min(1);

export const AppointmentRules = z.strictObject({
  min_notice_minutes: minutes.default(60),
  horizon_days: days.default(60),
  slot_interval_minutes: z.number().int().min(5).max(240).default(15),
  cancellation_window_hours: hours.default(24),
});

export const ClassRules = z.strictObject({
  signup_cutoff_minutes: minutes.default(0),
  /** Null: no daily maximum. Counted by the local day the class starts. */
  max_classes_per_day: StoredInteger.min(1).nullable().default(null),
  cancellation_window_hours: hours.default(12),
  booking_horizon_days: days.default(30),
  /** How long a waitlisted contact has to accept a freed spot. */
  waitlist_offer_minutes: StoredInteger.min(1).default(60),
  /** Closer than this to the start, a freed spot is offered rather than promoted at once. */
  waitlist_offer_cutoff_hours: hours.default(24),
  /** A booked member's class reminder email goes this long before the start; 0: no reminders from this location. */
  reminder_hours_before: hours.max(168).default(2),
  /** Class check-in (API, kiosk tap, kiosk scan, door) opens this long before the start... */
  checkin_opens_minutes_before: minutes.max(1440).default(defaultCheckinWindow.opens_minutes_before),
  /** ...and closes this long after it; both edges included (shared/src/eligibility/checkin-window.ts). */
  checkin_closes_minutes_after: minutes.max(1440).default(defaultCheckinWindow.closes_minutes_after),
});
export type ClassRules = z.infer<typeof ClassRules>;

/**
 * How the location's kiosk looks. The logo is stored inline as a data URL (PNG, JPEG or WebP; no SVG,
 * which can carry script), so a kiosk on a box without internet shows it too.
 */
export const Branding = z.strictObject({
  logo: z
    .string()
    .max(400_000, 'a logo may be at most about 290 kB; export a smaller PNG or WebP')
    .regex(/^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/]+=*$/, 'expected a PNG, JPEG or WebP image as a data URL (data:image/png;base64,…)')
    .nullable()
    .default(null),
  accent_colour: z
    .string()
    .regex(/^#[0-9a-f]{6}$/i, 'expected a colour as #RRGGBB')
    .default(defaultBranding.accent_colour),
  language: z.enum(brandingLanguages).default(defaultBranding.language),
});
export type Branding = z.infer<typeof Branding>;

/**
 * A location's rules, stored as JSON text in `locations.settings`. Every field has a default, so
 * `{}` parses; `prefault({})` runs a missing group through its own defaults.
 */
export const LocationSettings = z.strictObject({
  appointments: AppointmentRules.prefault({}),
  classes: ClassRules.prefault({}),
  checkin_alerts: CheckinAlerts.prefault({}),
  /** How this location's readers print card numbers (docs/hardware.md §1.5). */
  matching_profile: MatchingProfile.prefault({}),
  /** Absent: no access-hours restriction (open whenever staff let members in). */
  access_hours: AccessHours.optional(),
  branding: Branding.prefault({}),
});
export type LocationSettings = z.infer<typeof LocationSettings>;

/** A new location's settings: every default, and the language of its country (German in Germany). */
export function defaultLocationSettings(country: string): LocationSettings {
  return LocationSettings.parse({ branding: { language: languageOfCountry(country) } });
}
