import {
  Count,
  Country,
  Currency,
  DoorCheckinConsumes,
  GiftCardCode,
  LocationFields,
  Minutes,
  Name,
  PackageFields,
  PlanFields,
  RoomFields,
  ServiceFields,
  StaffFields,
  Text,
  visitLimitWithPeriod,
} from '@studio/shared/setup';
import { Cents, ContactCreate, DateOnly, DateTimeInput, EnrolmentFormat, Id, MembershipStatus, TimeZone, billingIntervals, doorCheckinConsumesValues, giftCardStatuses } from '@studio/shared';
import { DateTime } from 'luxon';
import { z } from 'zod';
import { keyPrefixPattern } from '../companies/repository.js';
import { LocalEndTime, LocalTime, LocationSettings, endAfterStart } from '../locations/settings.js';
import { lastAllowedDay, maxSeriesYears } from '../classes/series-classes.js';
import { DaySpans, TimeOffInput } from '../staff/schedule-input.js';

/**
 * The import file, version 1: one JSON document describing a whole business. Entries point at each
 * other by `ref` (a name chosen in the file) or by `id`; docs/import-format.md is its manual.
 * Every object is strict, so a misspelt field is refused rather than silently dropped.
 */

export { GiftCardCode, LocationFields, PackageFields, PlanFields, RoomFields, ServiceFields, StaffFields, visitLimitWithPeriod };

const Ref = z.string().trim().min(1).max(100);
/** The `ref` or `id` of another entry of the file. */
const Reference = z.string().trim().min(1).max(100);
/** ISO weekday: Monday is 1, Sunday is 7. */
const Weekday = z.number().int().min(1).max(7);

const localDateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
/** RFC 3339 with an offset, or a wall-clock 'YYYY-MM-DDTHH:MM' at the class's location. */
const ClassStart = z
  .string()
  .refine(
    (start) => DateTimeInput.safeParse(start).success || (localDateTime.test(start) && DateTime.fromISO(start).isValid),
    'expected RFC 3339 with an offset (2026-03-10T07:00:00-05:00) or a local time at the location (2026-03-10T07:00)',
  );

const Company = z.strictObject({
  id: Id.optional(),
  name: Name,
  key_prefix: z.string().regex(keyPrefixPattern, '2-20 lower-case letters and digits, starting with a letter').optional(),
});

const Location = LocationFields.extend({ ref: Ref, id: Id.optional() });

const StaffHours = z.strictObject({ location: Reference, weekday: Weekday, start: LocalTime, end: LocalEndTime }).refine(...endAfterStart);

/** One local date at a location whose spans replace the weekly hours; no spans: the day off. */
const StaffOverride = z.strictObject({ location: Reference, date: DateOnly, spans: DaySpans });

const Staff = StaffFields.extend({
  ref: Ref,
  id: Id.optional(),
  hours: z.array(StaffHours).default([]),
  overrides: z.array(StaffOverride).default([]),
  time_off: z.array(TimeOffInput).default([]),
});

const Room = RoomFields.extend({ ref: Ref, id: Id.optional(), location: Reference });

const Service = ServiceFields.extend({
  ref: Ref,
  id: Id.optional(),
  location: Reference,
  room: Reference.optional(),
  /** The staff qualified to give it. */
  staff: z.array(Reference).default([]),
});

const MembershipPlan = PlanFields.extend({
  ref: Ref,
  id: Id.optional(),
  location: Reference,
  access_locations: z.array(Reference).optional(),
  covered_services: z.array(Reference).optional(),
}).refine(...visitLimitWithPeriod);

const PackageTemplate = PackageFields.extend({
  ref: Ref,
  id: Id.optional(),
  location: Reference,
  covered_services: z.array(Reference).optional(),
});

const Contact = z.strictObject({
  ref: Ref,
  id: Id.optional(),
  location: Reference,
  first_name: ContactCreate.shape.first_name,
  last_name: ContactCreate.shape.last_name,
  phone: ContactCreate.shape.phone,
  email: ContactCreate.shape.email,
  notes: ContactCreate.shape.notes,
  /** When the contact signed the waiver or form a location may require for check-in. */
  form_signed_at: DateTimeInput.optional(),
});

/**
 * A fob or card: its number as printed, or `{uid, format}` where `auto` cannot tell (an all-digit
 * hex print, a packed Wiegand 26 number). Parsed at planning time, so a bad number is a problem of
 * the file, never a surprise at the gate.
 */
const CardUid = z.preprocess(
  (card) => (typeof card === 'string' ? { uid: card } : card),
  z.strictObject(
    { uid: z.string().trim().min(1).max(64), format: EnrolmentFormat.default('auto') },
    { error: (issue) => (issue.code === 'invalid_type' ? 'expected a card number, or {"uid": ..., "format": ...}' : undefined) },
  ),
);

const HeldMembership = z
  .strictObject({
    ref: Ref.optional(),
    id: Id.optional(),
    contact: Reference,
    plan: Reference.optional(),
    package_template: Reference.optional(),
    status: MembershipStatus.default('active'),
    member_code: z.string().trim().min(1).max(64).optional(),
    start_date: DateOnly,
    end_date: DateOnly.optional(),
    credits_total: Count.optional(),
    card_uids: z.array(CardUid).default([]),
  })
  .refine((held) => (held.plan === undefined) !== (held.package_template === undefined), {
    message: 'give exactly one of plan and package_template',
    path: ['plan'],
  })
  .refine((held) => held.credits_total === undefined || held.package_template !== undefined, {
    message: 'credits_total belongs to packages only',
    path: ['credits_total'],
  })
  .refine((held) => held.end_date === undefined || held.end_date >= held.start_date, {
    message: 'end_date must not be before start_date',
    path: ['end_date'],
  });

const GiftCard = z
  .strictObject({
    id: Id.optional(),
    location: Reference,
    code: GiftCardCode,
    initial_balance_cents: Cents,
    current_balance_cents: Cents.optional(),
    status: z.enum(giftCardStatuses).default('active'),
  })
  .refine((card) => card.current_balance_cents === undefined || card.current_balance_cents <= card.initial_balance_cents, {
    message: 'current_balance_cents must not exceed initial_balance_cents',
    path: ['current_balance_cents'],
  });

const ClassPlacement = {
  location: Reference,
  service: Reference,
  staff: Reference.optional(),
  room: Reference.optional(),
  /** Default: the service's duration. */
  duration_minutes: Minutes.optional(),
  capacity: z.number().int().min(1).max(1000),
};

const OneOffClass = z.strictObject({
  ref: Ref.optional(),
  id: Id.optional(),
  start: ClassStart,
  ...ClassPlacement,
  /** A cancelled class is kept (an export carries it), so its date stays visibly off. */
  status: z.enum(['scheduled', 'cancelled']).default('scheduled'),
});

const ClassSeries = z
  .strictObject({
    id: Id.optional(),
    weekdays: z
      .array(Weekday)
      .min(1)
      .refine((days) => new Set(days).size === days.length, 'a weekday is listed twice'),
    start_time: LocalTime,
    starts_on: DateOnly,
    ends_on: DateOnly,
    ...ClassPlacement,
  })
  .refine((series) => series.ends_on >= series.starts_on, { message: 'ends_on must not be before starts_on', path: ['ends_on'] })
  // The same reach as a series made in the web app or the CLI, so an export always imports again.
  .refine((series) => series.ends_on <= lastAllowedDay(series.starts_on), {
    message: `a series runs at most ${maxSeriesYears} years; split longer ranges into several series`,
    path: ['ends_on'],
  });

/**
 * Entries that already exist in the company the file is imported into, each given a `ref` the
 * file's entries point at like any other, and found by exactly one of its `id` or its natural key:
 * a location by `slug`; a staff member by `email` or `name` (first and last name); a room, service,
 * plan or package by `name`, narrowed by `location` (the ref of an existing location) where the
 * name is used at several; a contact by `member_code` (compared as the gate compares codes) or `email`.
 */
const exactlyOneKey =
  <K extends string>(keys: readonly K[]) =>
  (entry: Partial<Record<K, unknown>>) =>
    keys.filter((key) => entry[key] !== undefined).length === 1;
const lookup = <K extends string>(keys: readonly K[]) => ({ message: `give exactly one of ${keys.join(', ')}`, path: [keys[0]!] });

const locationKeys = ['id', 'slug'] as const;
const staffKeys = ['id', 'email', 'name'] as const;
const namedKeys = ['id', 'name'] as const;
const contactKeys = ['id', 'member_code', 'email'] as const;

const ExistingLocation = z.strictObject({ ref: Ref, id: Id.optional(), slug: z.string().trim().min(1).max(100).optional() }).refine(exactlyOneKey(locationKeys), lookup(locationKeys));
const ExistingStaff = z.strictObject({ ref: Ref, id: Id.optional(), email: z.string().trim().min(1).max(320).optional(), name: Name.optional() }).refine(exactlyOneKey(staffKeys), lookup(staffKeys));
const ExistingNamed = z.strictObject({ ref: Ref, id: Id.optional(), name: Name.optional(), location: Reference.optional() }).refine(exactlyOneKey(namedKeys), lookup(namedKeys));
const ExistingContact = z
  .strictObject({ ref: Ref, id: Id.optional(), member_code: z.string().trim().min(1).max(64).optional(), email: z.string().trim().min(1).max(320).optional() })
  .refine(exactlyOneKey(contactKeys), lookup(contactKeys));

export const existingSchemas = {
  locations: ExistingLocation,
  staff: ExistingStaff,
  rooms: ExistingNamed,
  services: ExistingNamed,
  membership_plans: ExistingNamed,
  package_templates: ExistingNamed,
  contacts: ExistingContact,
} as const;
export type ExistingSectionName = keyof typeof existingSchemas;
export const existingSectionNames = Object.keys(existingSchemas) as ExistingSectionName[];

export const Existing = z.strictObject({
  locations: z.array(ExistingLocation).default([]),
  staff: z.array(ExistingStaff).default([]),
  rooms: z.array(ExistingNamed).default([]),
  services: z.array(ExistingNamed).default([]),
  membership_plans: z.array(ExistingNamed).default([]),
  package_templates: z.array(ExistingNamed).default([]),
  contacts: z.array(ExistingContact).default([]),
});
export type Existing = z.infer<typeof Existing>;

/** One entry's schema per section, so a dry run can check every entry and report them all. */
export const entrySchemas = {
  locations: Location,
  staff: Staff,
  rooms: Room,
  services: Service,
  membership_plans: MembershipPlan,
  package_templates: PackageTemplate,
  contacts: Contact,
  memberships: HeldMembership,
  gift_cards: GiftCard,
  classes: OneOffClass,
  class_series: ClassSeries,
} as const;

export const ImportCompany = Company;

export const ImportFile = z.strictObject({
  version: z.literal(1),
  /** Required unless the import targets an existing company. */
  company: Company.optional(),
  /** Entries of the target company the file points at (`--company` only). */
  existing: Existing.optional(),
  locations: z.array(Location).default([]),
  staff: z.array(Staff).default([]),
  rooms: z.array(Room).default([]),
  services: z.array(Service).default([]),
  membership_plans: z.array(MembershipPlan).default([]),
  package_templates: z.array(PackageTemplate).default([]),
  contacts: z.array(Contact).default([]),
  memberships: z.array(HeldMembership).default([]),
  gift_cards: z.array(GiftCard).default([]),
  classes: z.array(OneOffClass).default([]),
  class_series: z.array(ClassSeries).default([]),
});
export type ImportFile = z.infer<typeof ImportFile>;
export type ImportSectionName = Exclude<keyof ImportFile, 'version' | 'company' | 'existing'>;
export const importSectionNames = Object.keys(entrySchemas) as ImportSectionName[];
