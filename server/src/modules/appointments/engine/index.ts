/**
 * The slot engine: pure, no I/O. One predicate (`judge`) serves GET /availability and POST
 * /bookings and reschedule, so a slot shown is bookable and a refused start is never shown.
 * Modelled on Cal.com's slot computation (docs/api-decisions.md, Appointments).
 *
 * Rules, as decided:
 * 1. Working time of a technician on a local date = the date's override spans if it has an
 *    override ([] = day off), else the spans of its ISO weekday; minus time off. Each span is
 *    read in the location zone on that date (luxon `DateTime.fromISO(`${date}T${time}`, { zone })`,
 *    '24:00' = the next date's 00:00). A span end or start in a spring-forward gap is the first
 *    real instant after the gap; an ambiguous fall-back time is luxon's reading. Spans of one date
 *    that overlap or touch are one working span; spans of different dates are never joined.
 * 2. The grid follows the local clock: a working span's first candidate is its start rounded UP
 *    to a wall time whose minutes since local midnight are a multiple of `intervalMinutes`; each
 *    next candidate is `intervalMinutes` later in ABSOLUTE time (no phantom or duplicate instant
 *    across a DST change). A working span restarts after time off, so the grid re-aligns to the
 *    local clock after it.
 * 3. A candidate [start, start + duration) lies inside one working span (ending exactly at its
 *    end is fine). Buffers may reach outside working time.
 * 4. Rule verdicts, first match wins: start < now → in_the_past; start < now + notice →
 *    minimum_notice; start > now + horizonDays × 24 h → beyond_horizon; not inside working time
 *    (rule 3, time off included) → outside_hours; inside but not a candidate → off_grid.
 * 5. Conflicts: [start − bufferBefore, end + bufferAfter) must not overlap (half-open: back-to-back
 *    is fine) the technician's busy blocks → conflict technician; nor, when the service needs a
 *    room (roomBusy not null), the room's busy blocks → conflict room. Busy blocks already carry
 *    their own services' buffers.
 * 6. availableSlots = every candidate start in [from, to) of every technician that passes 4 and 5;
 *    one slot per technician per start; sorted by start, then technician_id (code-unit order).
 *    Local dates from the day before `from` to the day after `to` are looked at.
 * 7. checkStart agrees with availableSlots for any start in [from, to), and does not depend on
 *    from/to. An unknown technician has no working time: rules 4.1–4.3 still come first, then
 *    outside_hours. A technician listed twice counts by its first entry.
 * Intervals in, slots out: epoch milliseconds.
 */
export { availableSlots, checkStart } from './slots.js';
export type { Interval, LocalSpan, RuleReason, Slot, SlotRequest, TechnicianSchedule, Verdict } from './types.js';
