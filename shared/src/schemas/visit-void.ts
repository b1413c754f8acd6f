import { z } from 'zod';
import { Id, Timestamp } from './common.js';

/**
 * Why a visit is voided: the device recorded it, then its door never opened (issue 14, 4a); or an
 * owner or manager corrects a visit recorded in error (issue 29), saying why in `note`.
 */
export const visitVoidReasons = ['door_not_opened', 'recorded_in_error'] as const;

export const VoidVisitRequest = z
  .strictObject({
    reason: z
      .enum(visitVoidReasons)
      .describe('`door_not_opened`: the check-in was recorded, then the relay failed to pulse (the recording device only); `recorded_in_error`: a correction by an owner or manager'),
    note: z.string().trim().min(1).max(500).optional().describe('Why, in words: required from an owner or manager, kept in the staff audit log'),
  })
  .meta({ id: 'VoidVisitRequest' });

export const VoidedVisit = z
  .object({
    id: Id,
    membership_id: Id,
    location_id: Id,
    voided_at: Timestamp.describe('When it was first voided; voiding again answers the same record'),
    reason: z.enum(visitVoidReasons),
  })
  .meta({ id: 'VoidedVisit' });
export type VoidedVisit = z.infer<typeof VoidedVisit>;
