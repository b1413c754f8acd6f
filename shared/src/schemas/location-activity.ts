import { z } from 'zod';
import { DateOrDateTime, Id, PageQuery, Timestamp } from './common.js';
import { EligibilityReason, Visit, checkinSources } from './members.js';
import { visitVoidReasons } from './visit-void.js';

/**
 * What happened at one location's doors over a time range, for integrators and the front desk
 * (an extension, docs/api-decisions.md): the visits, and the refused check-ins.
 */
export const LocationActivityQuery = z.strictObject({
  location_id: Id.optional().describe('The location; required unless the key acts on exactly one'),
  from: DateOrDateTime.optional().describe('Included; default `to` minus 24 hours. A bare date is local midnight at the location'),
  to: DateOrDateTime.optional().describe('Excluded; default now'),
  ...PageQuery,
});

export const LocationVisit = Visit.extend({
  voided_at: Timestamp.nullable().describe('Set when the visit was voided (its door never opened): kept for the audit trail, not counted'),
  void_reason: z.enum(visitVoidReasons).nullable(),
}).meta({ id: 'LocationVisit' });
export type LocationVisit = z.infer<typeof LocationVisit>;

export const CheckinDenial = z
  .object({
    id: Id,
    location_id: Id,
    membership_id: Id.nullable().describe('null when no membership matched'),
    contact_id: Id.nullable(),
    reasons: z.array(EligibilityReason).describe('Every cause, in the order the rules ran'),
    message: z.string().describe('The first reason in words, as the refusal said it'),
    identifier_presented: z.boolean().describe('The attempt named a member code or card; the identifier itself is never shown'),
    source: z.enum(checkinSources),
    device_id: z.string().nullable(),
    attempted_at: Timestamp,
  })
  .meta({ id: 'CheckinDenial' });
export type CheckinDenial = z.infer<typeof CheckinDenial>;
