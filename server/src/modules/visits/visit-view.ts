import type { Visit } from '@studio/shared';
import type { Tables } from '../../db/tables.js';

/**
 * A visit as the API shows it, one shape for every way a visit is recorded: a facility check-in
 * (modules/members), a class check-in or a door entry into a class (modules/classes).
 */

type VisitRow = Omit<Tables['visits'], 'company_id' | 'recorded_at' | 'counted' | 'voided_at' | 'void_reason' | 'staff_account_id'> & { counted?: number };

/** A visit row as the API shows it; a row written without `counted` is counted (the column's default). */
export function toVisit({ offline, flags, counted, ...row }: VisitRow & Partial<Pick<Tables['visits'], 'company_id' | 'recorded_at'>> & { staff_account_id?: string | null }): Visit {
  const { company_id: _company, recorded_at: _recorded, staff_account_id: _staff, ...visit } = row;
  return { ...visit, offline: offline === 1, flags: JSON.parse(flags) as Visit['flags'], counted: counted !== 0 };
}

/** The columns `toVisit` reads. */
export const visitColumns = [
  'id',
  'membership_id',
  'contact_id',
  'location_id',
  'kind',
  'class_id',
  'checked_in_at',
  'source',
  'device_id',
  'resolved_by',
  'offline',
  'flags',
  'plan_name',
  'visits_used',
  'visits_remaining',
  'counted',
] as const;
