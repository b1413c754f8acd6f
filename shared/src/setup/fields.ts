import { isSupportedCountry } from 'libphonenumber-js/min';
import { z } from 'zod';
import { Cents, Count, StoredInteger } from '../schemas/common.js';
import { ContactCreate } from '../schemas/contacts.js';
import { doorCheckinConsumesValues } from '../schemas/members.js';
import { billingIntervals } from '../schemas/stored-value.js';
import { TimeZone } from '../schemas/time-zone.js';
import { LocationSettings } from './location-settings.js';

/**
 * An object's own fields, the same for the import file (server/src/modules/setup/import-schema.ts)
 * and the setup screens (inputs.ts), so an object is checked by one rule however it arrives.
 */

export const Name = z.string().trim().min(1).max(200);
export const Text = z.string().trim().min(1).max(2000);
export const Minutes = z
  .number()
  .int()
  .min(1)
  .max(24 * 60);
export { Count };
export const Country = z
  .string()
  .regex(/^[A-Z]{2}$/, 'expected an ISO 3166 alpha-2 country code in capitals, e.g. US')
  .refine((code) => isSupportedCountry(code), 'not a known country code');

export const Currency = z
  .string()
  .regex(/^[A-Z]{3}$/, 'expected an ISO 4217 currency code in capitals, e.g. EUR')
  .refine((code) => Intl.supportedValuesOf('currency').includes(code), 'not a known currency code');

/** A location's own fields, the same for the import and the setup screens (setup-inputs.ts). */
export const LocationFields = z.strictObject({
  name: Name,
  slug: z
    .string()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'lower-case letters, digits and single hyphens')
    .max(100),
  timezone: TimeZone,
  country: Country,
  /** ISO 4217; absent: the country's usual currency. */
  currency: Currency.optional(),
  address: Text.optional(),
  settings: LocationSettings.optional(),
});
/** A staff member's own fields (the bookable staff, not staff accounts). */
export const StaffFields = z.strictObject({
  first_name: Name,
  last_name: Name.optional(),
  email: ContactCreate.shape.email,
});

export const RoomFields = z.strictObject({ name: Name });
/** A service's own fields; `room` and `staff` point at other entries, so each use gives their type. */
export const ServiceFields = z.strictObject({
  name: Name,
  description: Text.optional(),
  category: Name.optional(),
  kind: z.enum(['appointment', 'class']),
  duration_minutes: Minutes,
  price_cents: Cents,
  buffer_before_minutes: Count.default(0),
  buffer_after_minutes: Count.default(0),
  requires_entitlement: z.boolean().default(false),
  free_classes: Count.default(0),
  first_timers_only: z.boolean().default(false),
});

/** What a door check-in without a class spot in its check-in window uses up (default `visit`). */
export const DoorCheckinConsumes = z.enum(doorCheckinConsumesValues);

/** A plan's own fields; `access_locations` and `covered_services` point at other entries. */
export const PlanFields = z.strictObject({
  name: Name,
  price_cents: Cents,
  billing_interval: z.enum(billingIntervals),
  visit_limit: StoredInteger.min(1).optional(),
  visit_period: z.enum(['day', 'week', 'month']).optional(),
  class_limit_per_week: StoredInteger.min(1).optional(),
  door_checkin_consumes: DoorCheckinConsumes.optional(),
});

/** For `.refine(...visitLimitWithPeriod)` on a plan: a visit limit is counted per period. */
export const visitLimitWithPeriod: [(plan: { visit_limit?: number | null | undefined; visit_period?: string | null | undefined }) => boolean, { message: string; path: string[] }] = [
  (plan) => (plan.visit_limit == null) === (plan.visit_period == null),
  { message: 'visit_limit and visit_period go together: give both or neither', path: ['visit_period'] },
];

export const PackageFields = z.strictObject({
  name: Name,
  price_cents: Cents,
  total_sessions: StoredInteger.min(1),
  door_checkin_consumes: DoorCheckinConsumes.optional(),
});

export const GiftCardCode = z.string().trim().min(1).max(64);
