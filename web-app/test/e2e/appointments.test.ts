import { addTherapistsAndAStartedBooking } from '@studio/testkit/web/appointment-setting';
import { fillDate, typedDate } from '@studio/testkit/web/date-field';
import { webSeed } from '@studio/testkit/web/seed-business';
import { useOwnerAtNorth } from '@studio/testkit/web/owner-at-north';
import { labelled } from '@studio/testkit/web/staff-page';
import { DateTime } from 'luxon';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The appointments calendar end to end, on a real `studio serve` (SQLite) and Debian's Chromium:
 * a booking made into an open slot, moved, a clashing one refused with the clash named, the first
 * cancelled; a booking that has started marked completed; a staff member's hours changed and their
 * open slots with them. The steps build on each other, in order.
 */
const { pastDue, northMember } = webSeed;
const noraName = `${northMember.firstName} ${northMember.lastName}`;
const paulaName = `${pastDue.firstName} ${pastDue.lastName}`;
const poll = { timeout: 20_000, interval: 100 };

const world = useOwnerAtNorth();
let tomorrow = '';

describe('the appointments calendar', () => {
  beforeAll(async () => {
    tomorrow = await addTherapistsAndAStartedBooking(world.stack.databaseUrl, world.stack.seed.companyId, world.stack.seed.locations.north, world.stack.seed.contacts.paula);
  });

  const page = () => world.desk.page;
  const main = () => page().getByRole('main');
  const booking = (text: RegExp) => main().getByRole('button', { name: text });
  const slotButtons = (scope: ReturnType<typeof world.desk.dialog>) => scope.getByRole('group', { name: 'Open slots' }).getByRole('button');

  it('books a client into an open slot, shown with its status on the day', async () => {
    await world.desk.mainNavigation().getByRole('link', { name: 'Appointments', exact: true }).click();
    await world.desk.heading('Appointments').waitFor();
    await world.desk.goto(`/app/appointments?date=${tomorrow}`);
    await main()
      .getByRole('group', { name: `Ana Ruiz, ${tomorrow}` })
      .waitFor();
    await main()
      .getByRole('group', { name: `Ben Cole, ${tomorrow}` })
      .waitFor();

    await world.desk.button('New booking').click();
    const dialog = world.desk.dialog('New booking');
    await labelled(dialog, 'Client').fill('Nora');
    await dialog
      .getByRole('list', { name: 'Clients found' })
      .getByRole('button', { name: new RegExp(noraName) })
      .click();
    await world.desk.choose('Service', 'Massage', dialog);
    await world.desk.choose('Staff member', 'Ana Ruiz', dialog);
    await slotButtons(dialog).first().waitFor();
    // Ana works 09:00 to 17:00: the first hour's slot is open, the last hour's start is too, nothing after.
    const offered = await slotButtons(dialog).allTextContents();
    expect(offered[0]).toBe('09:00');
    expect(offered.at(-1)).toBe('16:00');
    await slotButtons(dialog)
      .filter({ hasText: /^10:00$/ })
      .click();
    expect(await labelled(dialog, 'Start time').inputValue()).toBe('10:00');
    await world.desk.check('appointments-booking-drawer');
    await dialog.getByRole('button', { name: 'Book' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await booking(/10:00–11:00 Nora Kelly.*Booked/).waitFor();
    await world.desk.check('appointments-day');
  });

  it('reschedules the booking to another open slot', async () => {
    await booking(/10:00–11:00 Nora Kelly/).click();
    const dialog = world.desk.dialog('Booking');
    await dialog.getByText('Status: Booked').waitFor();
    await slotButtons(dialog)
      .filter({ hasText: /^11:00$/ })
      .click();
    await dialog.getByRole('button', { name: 'Move booking' }).click();
    await expect.poll(() => dialog.textContent(), poll).toContain('11:00–12:00 with Ana Ruiz in Treatment Room 1');
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await booking(/11:00–12:00 Nora Kelly.*Booked/).waitFor();
    expect(await booking(/10:00–11:00 Nora Kelly/).count()).toBe(0);
  });

  it('refuses a booking that clashes, naming the booking it clashes with', async () => {
    await world.desk.button('New booking').click();
    const dialog = world.desk.dialog('New booking');
    await labelled(dialog, 'Client').fill('Paula');
    await dialog
      .getByRole('list', { name: 'Clients found' })
      .getByRole('button', { name: new RegExp(paulaName) })
      .click();
    await world.desk.choose('Service', 'Massage', dialog);
    await world.desk.choose('Staff member', 'Ana Ruiz', dialog);
    await slotButtons(dialog).first().waitFor();
    // Her 11:00 is taken: it is not offered, so the desk types the time the caller asked for.
    expect(await slotButtons(dialog).allTextContents()).not.toContain('11:30');
    await labelled(dialog, 'Start time').fill('11:30');
    await dialog.getByRole('button', { name: 'Book' }).click();
    const alert = dialog.getByRole('alert');
    await expect.poll(() => alert.textContent(), poll).toContain("That time clashes with Ana Ruiz's booking 11:00–12:00: Massage with Nora Kelly.");
    await world.desk.check('appointments-booking-conflict');
    // What was chosen stays, to pick another time.
    expect(await labelled(dialog, 'Start time').inputValue()).toBe('11:30');
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await booking(/Paula Byrne/).count()).toBe(0);
  });

  it('cancels the booking: it leaves the grid and is listed as cancelled', async () => {
    await booking(/11:00–12:00 Nora Kelly/).click();
    const dialog = world.desk.dialog('Booking');
    await labelled(dialog, 'Reason for cancelling').fill('Called to cancel');
    await dialog.getByRole('button', { name: 'Cancel booking' }).click();
    await expect.poll(() => dialog.textContent(), poll).toContain('Status: Cancelled late');
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await expect.poll(() => booking(/Nora Kelly/).count(), poll).toBe(0);
    // Less than 24 hours ahead, inside the location's cancellation window: flagged late, as the API flags it.
    await expect.poll(() => main().getByRole('list', { name: 'Cancelled bookings' }).textContent(), poll).toContain('11:00–12:00 Nora Kelly, Massage with Ana Ruiz: Cancelled late');
  });

  it('marks a booking that has started completed', async () => {
    await world.desk.button('Previous day').click();
    await booking(/Paula Byrne.*Booked/).click();
    const dialog = world.desk.dialog('Booking');
    await dialog.getByRole('button', { name: 'Mark completed' }).click();
    await expect.poll(() => dialog.textContent(), poll).toContain('Status: Completed');
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await booking(/Paula Byrne.*Completed/).waitFor();
  });

  it("changes a staff member's hours, and their open slots follow", async () => {
    await world.desk.goto(`/app/appointments?date=${tomorrow}`);
    const panel = main().getByRole('region', { name: 'Staff hours' });
    await world.desk.choose('Staff member', 'Ben Cole', panel);
    await expect.poll(() => labelled(panel, 'Monday').inputValue(), poll).toBe('10:00-18:00');
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']) await labelled(panel, day).fill('13:00-15:00');
    await panel.getByRole('button', { name: 'Save hours' }).click();
    await main()
      .getByRole('group', { name: `Ben Cole, ${tomorrow}` })
      .waitFor();
    await expect.poll(() => labelled(panel, 'Monday').inputValue(), poll).toBe('13:00-15:00');
    await world.desk.check('appointments-staff-hours');

    await world.desk.button('New booking').click();
    const dialog = world.desk.dialog('New booking');
    await world.desk.choose('Service', 'Massage', dialog);
    await world.desk.choose('Staff member', 'Ben Cole', dialog);
    await slotButtons(dialog).first().waitFor();
    expect(await slotButtons(dialog).allTextContents()).toEqual(['13:00', '13:15', '13:30', '13:45', '14:00']);
    await dialog.getByRole('button', { name: 'Close' }).last().click();
  });

  it('shows the week, by staff and by room', async () => {
    await world.desk.button('Week').click();
    const week = main().getByRole('table', { name: 'Week' });
    await week.waitFor();
    await week.getByRole('rowheader', { name: 'Ana Ruiz' }).waitFor();
    await expect.poll(() => week.getByRole('row').filter({ hasText: 'Ben Cole' }).textContent(), poll).toContain('13:00–15:00');
    await world.desk.check('appointments-week');
    await world.desk.button('Room columns').click();
    await week.getByRole('rowheader', { name: 'Treatment Room 1' }).waitFor();
    await world.desk.check('appointments-week-rooms');
  });

  it('reads in German, with dates as a German speaker writes them, the week fitting a tablet', async () => {
    await world.desk.open('Account');
    await world.desk.choose('Language', 'Deutsch');
    await page().getByRole('navigation', { name: 'Hauptmenü' }).getByRole('link', { name: 'Mitglieder', exact: true }).waitFor();
    try {
      await world.desk.goto(`/app/appointments?date=${tomorrow}&view=week&columns=staff`);
      await world.desk.heading('Termine').waitFor();
      const week = main().getByRole('table', { name: 'Woche' });
      await week.getByRole('rowheader', { name: 'Ana Ruiz' }).waitFor();
      const day = DateTime.fromISO(tomorrow);
      // The studio is in Ireland: German there writes 07.12.2026, whatever the browser's own format.
      expect(await labelled(page(), 'Datum').inputValue()).toBe(typedDate(day, 'de-IE'));
      await world.desk.button('Nach Räumen').click();
      await week.getByRole('rowheader', { name: 'Treatment Room 1' }).waitFor();
      await world.desk.check('appointments-week-de');

      await world.desk.button('Neue Buchung').click();
      const dialog = world.desk.dialog('Neue Buchung');
      await labelled(dialog, 'Datum').click();
      // The picker names the month and reads out its days in German.
      await page()
        .getByRole('button', { name: day.setLocale('de').toFormat('LLLL yyyy'), exact: true })
        .waitFor();
      await page()
        .getByRole('button', { name: day.setLocale('de').toFormat('d. LLLL yyyy'), exact: true })
        .waitFor();
      await world.desk.check('appointments-booking-drawer-de');
      await dialog.getByRole('button', { name: 'Schließen' }).last().click();
      await dialog.waitFor({ state: 'hidden' });

      // A one-off class takes its date typed as German writes it, and shows it back so.
      await world.desk.goto('/app/classes');
      await world.desk.heading('Kurse').waitFor();
      await world.desk.button('Neuer Kurs').click();
      const newClass = world.desk.dialog('Neuer Kurs');
      await fillDate(labelled(newClass, 'Datum'), day.plus({ days: 1 }), 'de-IE');
      expect(await labelled(newClass, 'Datum').inputValue()).toBe(day.plus({ days: 1 }).toFormat('dd.MM.yyyy'));
      await world.desk.check('classes-one-off-de');
      await newClass.getByRole('button', { name: 'Abbrechen' }).click();
      await newClass.waitFor({ state: 'hidden' });
    } finally {
      await world.desk.goto('/app/account');
      await world.desk.choose('Sprache', 'Sprache des Standorts (English)');
      await world.desk.mainNavigation().getByRole('link', { name: 'Members', exact: true }).waitFor();
    }
  });
});
