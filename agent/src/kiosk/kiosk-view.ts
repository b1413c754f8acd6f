import type { ClassDetail, ClassSummary } from '@studio/shared';
import type { KioskAttendee, KioskClass } from '@studio/shared/kiosk';

/** A timetable row as the kiosk shows it: the instructor by first name only. */
export function kioskClass(summary: ClassSummary): KioskClass {
  return {
    id: summary.id,
    name: summary.service_name,
    instructor: summary.technician_name?.trim().split(/\s+/)[0] ?? null,
    start: summary.start,
    end: summary.end,
    capacity: summary.capacity,
    booked: summary.booked,
    spots_left: summary.spots_left,
    status: summary.status,
    // The server's window for this class: the kiosk applies the location's rule, not its own.
    ...(summary.checkin_opens_at !== undefined && { checkin_opens_at: summary.checkin_opens_at, checkin_closes_at: summary.checkin_closes_at }),
  };
}

/** The spots a kiosk shows: reserved and checked in, by display name (first name, last initial). */
export function kioskRoster(detail: ClassDetail): KioskAttendee[] {
  return detail.roster.flatMap((entry) =>
    entry.status === 'reserved' || entry.status === 'checked_in' ? [{ contact_id: entry.contact_id, display_name: entry.display_name, status: entry.status }] : [],
  );
}

/** "Sam K." is Sam: the greeting uses the first name only. */
export function firstNameOf(displayName: string): string {
  return displayName.replace(/\s+\p{Lu}\.$/u, '');
}
