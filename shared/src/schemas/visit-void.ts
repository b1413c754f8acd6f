import { z } from 'zod';
import { Id, Timestamp } from './common.js';

/** Why a visit is voided: the device recorded it, then its door never opened (issue 14, 4a). */
export const visitVoidReasons = ['door_not_opened'] as const;

export const VoidVisitRequest = z
  .strictObject({
    reason: z.enum(visitVoidReasons).describe('`door_not_opened`: the check-in was recorded, then the relay failed to pulse'),
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
