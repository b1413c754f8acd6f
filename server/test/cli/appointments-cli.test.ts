import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import { runStudio } from '@studio/testkit/server/processes';
import { DateTime } from 'luxon';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoCompanyId, seedDemo } from '../../src/modules/setup/demo.js';

/**
 * `studio bookings create / reschedule / cancel / list`, `studio staff list` and `studio
 * availability` on the demo business, each a real process on the wall clock: the day used is a
 * Wednesday two to nine days ahead at Brooklyn, when Priya Shah works 10:00 to 18:00.
 */
describe.each(dialects)('the appointments CLI on %s', (dialect) => {
  const suite = useFreshDatabase(dialect);
  beforeAll(async () => {
    await seedDemo(suite.db);
  });

  const zone = 'America/New_York';
  let day = DateTime.now().setZone(zone).plus({ days: 2 });
  while (day.weekday !== 3) day = day.plus({ days: 1 });
  const date = day.toISODate()!;
  const instant = (time: string) => DateTime.fromISO(`${date}T${time}`, { zone }).toUTC().toISO()!;

  const studio = (...args: string[]) => runStudio(suite.url, args);
  const printed = async (...args: string[]) => {
    const outcome = await studio(...args);
    expect(outcome.stderr).toBe('');
    expect(outcome.code).toBe(0);
    return JSON.parse(outcome.stdout);
  };

  it('lists open slots, books one, refuses a clash, moves, lists and cancels the booking', async () => {
    const slots = (await printed('availability', '--service', 'Swedish Massage', '--date', date, '--staff', 'Priya Shah')).data as { start: string; technician_name: string }[];
    expect(Date.parse(slots[0]!.start)).toBe(Date.parse(instant('10:00')));
    expect(new Set(slots.map((slot) => slot.technician_name))).toEqual(new Set(['Priya Shah']));

    const booking = await printed('bookings', 'create', '--contact', 'Emma Johnson', '--service', 'Swedish Massage', '--staff', 'Priya Shah', '--location', 'brooklyn', '--start', `${date}T10:00`);
    expect(booking).toMatchObject({ status: 'booked', staff_name: 'Priya Shah', contact_name: 'Emma Johnson', service_name: 'Swedish Massage', room_name: expect.any(String) });
    expect(Date.parse(booking.start)).toBe(Date.parse(instant('10:00')));

    const clash = await studio('bookings', 'create', '--contact', 'Liam Williams', '--service', 'Swedish Massage', '--staff', 'Priya Shah', '--location', 'brooklyn', '--start', `${date}T10:30`);
    expect(clash.code).toBe(1);
    expect(clash.stderr).toBe("studio: That time clashes with Priya Shah's booking 10:00–11:00: Swedish Massage with Emma Johnson. Choose an open slot.\n");
    const afterClash = (await printed('availability', '--service', 'Swedish Massage', '--date', date)).data as { start: string }[];
    expect(afterClash.map((slot) => Date.parse(slot.start))).not.toContain(Date.parse(instant('10:00')));

    const moved = await printed('bookings', 'reschedule', booking.id, '--start', `${date}T12:00`);
    expect(moved).toMatchObject({ id: booking.id, status: 'booked' });
    expect(Date.parse(moved.start)).toBe(Date.parse(instant('12:00')));

    const listed = (await printed('bookings', 'list', '--location', 'brooklyn', '--from', date, '--to', day.plus({ days: 1 }).toISODate()!)).data as { id: string; start: string }[];
    expect(listed.map((row) => [row.id, Date.parse(row.start)])).toEqual([[booking.id, Date.parse(instant('12:00'))]]);

    const cancelled = await printed('bookings', 'cancel', booking.id, '--reason', 'Phoned to cancel');
    // Two days or more ahead, outside the 24-hour window: not late.
    expect(cancelled).toMatchObject({ id: booking.id, status: 'cancelled', late_cancel: false, cancellation_reason: 'Phoned to cancel' });
    expect((await printed('bookings', 'cancel', booking.id)).status).toBe('cancelled');
  });

  it('refuses a start off the form, and a reference nobody has, in one line', async () => {
    const badStart = await studio('bookings', 'create', '--contact', 'Emma Johnson', '--service', 'Swedish Massage', '--location', 'brooklyn', '--start', 'tomorrow at ten');
    expect(badStart.code).toBe(1);
    expect(badStart.stderr).toBe('studio: --start tomorrow at ten: expected a local time at the location (2026-03-10T14:30) or RFC 3339 with an offset (2026-03-10T14:30:00-05:00)\n');
    const nobody = await studio('bookings', 'create', '--contact', 'Nobody Atall', '--service', 'Swedish Massage', '--location', 'brooklyn', '--start', `${date}T10:00`);
    expect(nobody.code).toBe(1);
    expect(nobody.stderr).toMatch(/^studio: No contact "Nobody Atall"/);
  });

  it("lists a location's staff, and a company's", async () => {
    const brooklyn = (await printed('staff', 'list', '--location', 'brooklyn')).data as { name: string }[];
    expect(brooklyn.map((member) => member.name)).toEqual(['Diego Alvarez', 'Jordan Ellis', 'Maya Chen', 'Priya Shah']);
    const everyone = (await printed('staff', 'list', '--company', demoCompanyId)).data as { name: string }[];
    expect(everyone).toHaveLength(7);
    const neither = await studio('staff', 'list');
    expect(neither.stderr).toBe('studio: give exactly one of --location or --company\n');
  });
});
