import type { LateCancelCost } from '@studio/shared/schemas/member-classes';
import { classRules } from '../locations/settings.js';
import type { AttendeeRow } from './class-repository.js';

/** From when cancelling a spot is late: the class's start less the location's cancellation window. */
export function lateCancelFrom(cls: { start_at: string }, location: { settings: string }): number {
  return Date.parse(cls.start_at) - classRules(location).cancellation_window_hours * 3600_000;
}

/** What a late, unexcused cancel of the spot uses up (cancel.ts consumes it): whatever paid for the spot. */
export function lateCancelCost(spot: Pick<AttendeeRow, 'paid_by'>): LateCancelCost {
  if (spot.paid_by === 'membership') return 'membership_visit';
  if (spot.paid_by === 'package') return 'package_credit';
  return spot.paid_by === 'free_class' ? 'free_class' : 'none';
}
