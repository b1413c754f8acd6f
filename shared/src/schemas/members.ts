import { z } from 'zod';
import { Count, DateOnly, DateOrDateTime, DateTimeInput, Id, PageQuery, Timestamp } from './common.js';
import { MembershipStatus } from './memberships.js';

/** What a door check-in without a class in its check-in window uses up: the plan's or package's setting. */
export const doorCheckinConsumesValues = ['visit', 'nothing'] as const;
export type DoorCheckinConsumes = (typeof doorCheckinConsumesValues)[number];

export const eligibilityReasons = [
  'not_found',
  'not_started',
  'expired',
  'cancelled',
  'paused',
  'past_due',
  'no_visits_remaining',
  'location_not_allowed',
  'no_card',
  'form_missing',
  'outside_access_hours',
] as const;
export const EligibilityReason = z.enum(eligibilityReasons);
/** What a visit may be flagged with for staff: why an offline-admitted visit was ineligible, a warning, a clock ahead. */
export const visitFlags = ['ineligible_at_checkin', 'device_clock_ahead', 'outside_checkin_window', 'staff_override', ...eligibilityReasons] as const;
export const VisitFlag = z.enum(visitFlags);
export type VisitFlag = z.infer<typeof VisitFlag>;
export const checkinSources = ['kiosk', 'turnstile', 'biometric', 'staff', 'api'] as const;

/** JSON Schema alternatives: each requires one of `fields` (typed as strings, the object's properties carry the rest). */
function namedByOneOf(fields: readonly string[]) {
  return fields.map((field) => ({ type: 'object', properties: { [field]: { type: 'string' } }, required: [field] }));
}

export const ResolveRequest = z.strictObject({ identifier: z.string().trim().min(1).max(128), location_id: Id }).meta({ id: 'ResolveRequest' });

export const ResolveResult = z
  .object({
    found: z.boolean(),
    membership_id: Id.nullable(),
    contact_id: Id.nullable(),
    resolved_by: z.enum(['code', 'card_uid']).nullable(),
    valid_for_checkin: z.boolean(),
    reason: EligibilityReason.nullable().describe('null when valid'),
    plan_name: z.string().nullable(),
    status: MembershipStatus.nullable(),
    warnings: z.array(EligibilityReason).describe('Rules the location set to warn: let in, staff should follow up'),
  })
  .meta({ id: 'ResolveResult' });
export type ResolveResult = z.infer<typeof ResolveResult>;

export const CheckInRequest = z
  .strictObject({
    location_id: Id,
    identifier: z.string().trim().min(1).max(128).optional(),
    membership_id: Id.optional(),
    contact_id: Id.optional(),
    source: z
      .enum(checkinSources)
      .optional()
      .describe(
        "Default and only value: the caller's own: `api` for an API key, `staff` for a staff session, the device's kind (`turnstile`, `kiosk`) for a device key; another is refused (403 `device_only`)",
      ),
    device_id: z.string().min(1).max(100).optional().describe("A device key's own device id (the default for one); refused from any other caller"),
    checked_in_at: DateTimeInput.optional().describe(
      "Default now; more than 5 minutes ahead is refused, or with `offline` recorded at the server time. More than 5 minutes in the past is a device key's late report only",
    ),
    offline: z.boolean().optional().describe('The device let the member in while offline: always recorded, flagged. Device keys only'),
  })
  // The handler checks "exactly one" itself, keeping its own codes (missing_field, invalid_param);
  // the document states the rule as oneOf so a generated client and a validating proxy know it.
  .meta({
    id: 'CheckInRequest',
    oneOf: namedByOneOf(['identifier', 'membership_id', 'contact_id']),
  });

export const Visit = z
  .object({
    id: Id,
    membership_id: Id,
    contact_id: Id,
    location_id: Id,
    kind: z.enum(['facility', 'class']),
    class_id: Id.nullable(),
    checked_in_at: Timestamp,
    source: z.enum(checkinSources),
    device_id: z.string().nullable(),
    resolved_by: z.enum(['code', 'card_uid']).nullable(),
    plan_name: z.string(),
    visits_used: Count,
    visits_remaining: Count.nullable(),
    offline: z.boolean(),
    flags: z.array(VisitFlag),
    counted: z
      .boolean()
      .describe(
        'Whether the visit used a visit or credit: false for a door entry the plan or package lets through without one (`door_checkin_consumes: "nothing"`) and for a door entry into a class paid otherwise',
      ),
  })
  .meta({ id: 'Visit' });
export type Visit = z.infer<typeof Visit>;

export const VisitListQuery = z.strictObject({
  from: DateOrDateTime.optional(),
  to: DateOrDateTime.optional(),
  ...PageQuery,
});

export const EligibilityRow = z
  .object({
    credential_hash: z.string().describe('HMAC of one match key of the credential, keyed by `credential_hash_key`'),
    membership_id: Id,
    contact_id: Id,
    first_name: z.string(),
    plan_name: z.string(),
    status: MembershipStatus,
    start_date: DateOnly,
    end_date: DateOnly.nullable(),
    valid_until: Timestamp.nullable().describe('End of the last valid day at the location'),
    allowance: Count.nullable().describe('Visits per period, or package credits; null is unlimited'),
    used: Count,
    allowance_renews_at: Timestamp.nullable().describe('When `used` starts again from 0'),
    allowed_here: z.boolean(),
    form_signed: z.boolean(),
    has_card: z.boolean(),
    resolved_by: z.enum(['code', 'card_uid', 'pass']).describe("`pass`: the member's phone-pass row, which names no card (its hash matches no scan); the door finds it by `contact_id`"),
    pass_generation: z
      .number()
      .int()
      .min(0)
      .optional()
      .describe("How many times staff revoked the member's phone passes (absent: never): part of their pass key, so the door refuses passes of an earlier generation"),
    valid_for_checkin: z.boolean().describe('The decision when the row was generated'),
    reason: EligibilityReason.nullable(),
    warnings: z.array(EligibilityReason),
    visits_remaining: Count.nullable(),
    door_checkin_consumes: z
      .enum(doorCheckinConsumesValues)
      .default('visit')
      .describe("What a door check-in without a class in its check-in window uses: `visit` counts against `allowance`, `nothing` does not (the plan's or package's setting)"),
    updated_at: Timestamp,
    deleted: z.boolean().describe('A tombstone: the credential was revoked (resolve answers `not_found`); forget this hash'),
  })
  .meta({ id: 'EligibilityRow' });
export type EligibilityRow = z.infer<typeof EligibilityRow>;

export const EligibilityFeedQuery = z.strictObject({
  location_id: Id.optional().describe('The location the agent stands at; required unless the key has exactly one'),
  cursor: z.string().min(1).max(1024).optional().describe('The `next_cursor` of the previous answer: the next page, or the changes since'),
  limit: z.coerce.number().int().min(1).max(1000).default(500),
});

export const EligibilityFeed = z
  .object({
    data: z.array(EligibilityRow),
    next_cursor: z.string().describe('Always present: pass it back for the next page, or later for the changes since'),
    has_more: z.boolean(),
    location_id: Id,
    credential_hash_key: z.string().describe('The company key the hashes are made with: hash candidate keys of a scan with it'),
    pass_keys: z
      .array(
        z.object({
          epoch: z.number().int().min(1),
          key: z.string().describe('32 bytes, base64url'),
          retired_at: Timestamp.nullable().describe('When the key stops opening the doors; null for the current key'),
        }),
      )
      .describe(
        "The location's live phone-pass keys on every page, the current first, the one before during a roll-over (docs/phone-pass.md): check a scanned pass offline with them. A secret, like `credential_hash_key`",
      ),
    rules: z.object({
      timezone: z.string(),
      checkin_alerts: z.record(z.string(), z.enum(['block', 'warn', 'off'])),
      access_hours: z.record(z.string(), z.array(z.object({ start: z.string(), end: z.string() }))).nullable(),
      matching_profile: z.object({
        formats: z.object({ hex: z.boolean(), decimal: z.boolean(), wiegand26: z.boolean() }),
        byte_order: z.enum(['forward', 'reversed', 'both']),
      }),
    }),
  })
  .meta({ id: 'EligibilityFeed' });
