import { ApiError } from '@studio/shared';
import { DateTime } from 'luxon';

/**
 * A `from`/`to` query value as a UTC instant: a date-time with any offset as given, a bare date as
 * local midnight at the location (docs/api-decisions.md, Conventions).
 */
export function boundary(value: string, timezone: string, param: string): string {
  const parsed = /^\d{4}-\d{2}-\d{2}$/.test(value) ? DateTime.fromISO(value, { zone: timezone }) : DateTime.fromISO(value, { setZone: true });
  if (!parsed.isValid) throw new ApiError('invalid_param', `Invalid ${param}: expected a date or an RFC 3339 date-time.`, { param });
  return parsed.toUTC().toISO()!;
}
