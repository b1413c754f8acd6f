export {
  GiftCardIssue,
  LocationCreate,
  LocationUpdate,
  PackageCreate,
  PlanCreate,
  PlanUpdate,
  RoomCreate,
  RoomUpdate,
  ServiceCreate,
  ServiceUpdate,
  StaffMemberCreate,
  StaffMemberUpdate,
} from '@studio/shared/setup';

/**
 * An update applied to what is stored, checked as a whole by the create rule (a plan's visit limit
 * needs its period, wherever each came from); null in the update clears a field.
 */
export function mergedInput<T extends Record<string, unknown>>(stored: T, update: Partial<Record<keyof T, unknown>>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...stored };
  for (const [key, value] of Object.entries(update)) {
    if (value === undefined) continue;
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

/** A stored row as create input: a null column is an absent field. */
export function withoutNulls<T extends Record<string, unknown>>(row: T): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).filter(([, value]) => value !== null));
}
