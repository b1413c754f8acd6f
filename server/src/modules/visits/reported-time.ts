import { ApiError } from '@studio/shared';

/** A device's clock may run a little fast; a check-in further ahead than this is refused. */
const futureToleranceMs = 5 * 60_000;

export interface ReportedTime {
  at: Date;
  /** The device reported a time more than the tolerance ahead of the server's clock (offline only). */
  clockAhead: boolean;
}

/**
 * When a check-in happened: `checked_in_at` as a device reports it (late, after an outage), else
 * now. Shared by facility and class check-ins so both judge future times alike. Too far ahead is
 * refused, except in an offline report: the device cannot fix its clock and resend, so refusing it
 * would lose the check-in for good; it is recorded at the server's time and said to be ahead.
 */
export function reportedCheckInTime(checkedInAt: string | undefined, now: number, offline: boolean): ReportedTime {
  const at = checkedInAt === undefined ? new Date(now) : new Date(checkedInAt);
  if (at.getTime() <= now + futureToleranceMs) return { at, clockAhead: false };
  if (!offline) throw new ApiError('invalid_param', 'checked_in_at is more than 5 minutes in the future.', { param: 'checked_in_at' });
  return { at: new Date(now), clockAhead: true };
}
