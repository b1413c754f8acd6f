import { z } from 'zod';
import { DateOrDateTime, DateTimeInput, Id, PageQuery, Timestamp } from './common.js';
import { MembershipStatus } from './memberships.js';

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
] as const;
export const EligibilityReason = z.enum(eligibilityReasons);
export const checkinSources = ['kiosk', 'turnstile', 'biometric', 'staff', 'api'] as const;

export const ResolveRequest = z
  .strictObject({ identifier: z.string().trim().min(1).max(128), location_id: Id })
  .meta({ id: 'ResolveRequest' });

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
  })
  .meta({ id: 'ResolveResult' });

export const CheckInRequest = z
  .strictObject({
    location_id: Id,
    identifier: z.string().trim().min(1).max(128).optional(),
    membership_id: Id.optional(),
    contact_id: Id.optional(),
    source: z.enum(checkinSources).default('api'),
    device_id: z.string().min(1).max(100).optional(),
    checked_in_at: DateTimeInput.optional().describe('Default now; more than 5 minutes ahead is refused'),
    offline: z.boolean().optional().describe('The device let the member in while offline: always recorded, flagged'),
  })
  .meta({ id: 'CheckInRequest' });

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
    visits_used: z.number().int(),
    visits_remaining: z.number().int().nullable(),
    offline: z.boolean(),
    flags: z.array(z.string()),
  })
  .meta({ id: 'Visit' });

export const VisitListQuery = z.strictObject({
  from: DateOrDateTime.optional(),
  to: DateOrDateTime.optional(),
  ...PageQuery,
});

export const EligibilityRow = z
  .object({
    credential_hash: z.string(),
    membership_id: Id,
    contact_id: Id,
    first_name: z.string(),
    status: MembershipStatus,
    valid_for_checkin: z.boolean(),
    reason: EligibilityReason.nullable(),
    plan_name: z.string(),
    valid_until: Timestamp.nullable(),
    visits_remaining: z.number().int().nullable(),
    updated_at: Timestamp,
    deleted: z.boolean().describe('A tombstone: the credential was revoked or stopped being valid'),
  })
  .meta({ id: 'EligibilityRow' });
