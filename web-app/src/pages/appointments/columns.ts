import type { AppointmentCalendar, CalendarBooking } from '@studio/shared/schemas/appointments-web';

export type ColumnKind = 'staff' | 'rooms';

export interface CalendarColumn {
  id: string;
  name: string;
  /** Working time by local date (staff columns only; a room has no hours). */
  working: Record<string, { start: string; end: string }[]>;
  /** Where a date's hours come from, for the week view's words. */
  source: Record<string, 'weekly' | 'override' | 'none'>;
  timeOff: { start: string; end: string; reason: string | null }[];
  /** Active and past bookings; cancelled ones are listed apart. */
  bookings: CalendarBooking[];
}

/** The calendar's columns: one per staff member, or one per room (and `noRoom`, the page's words for it, when a booking needs none). */
export function calendarColumns(calendar: AppointmentCalendar, kind: ColumnKind, noRoom: string): CalendarColumn[] {
  const shown = calendar.bookings.filter((booking) => booking.status !== 'cancelled');
  if (kind === 'staff') {
    return calendar.staff.map((member) => ({
      id: member.id,
      name: member.name,
      working: Object.fromEntries(member.days.map((day) => [day.date, day.working])),
      source: Object.fromEntries(member.days.map((day) => [day.date, day.source])),
      timeOff: member.time_off,
      bookings: shown.filter((booking) => booking.staff_id === member.id),
    }));
  }
  const rooms: CalendarColumn[] = calendar.rooms.map((room) => ({
    id: room.id,
    name: room.name,
    working: {},
    source: {},
    timeOff: [],
    bookings: shown.filter((booking) => booking.room_id === room.id),
  }));
  const roomless = shown.filter((booking) => booking.room_id === null);
  if (roomless.length > 0 || rooms.length === 0) rooms.push({ id: 'no-room', name: noRoom, working: {}, source: {}, timeOff: [], bookings: roomless });
  return rooms;
}
