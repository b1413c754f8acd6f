import { addClassService } from '@studio/testkit/web/class-service';
import { useOwnerAtNorth } from '@studio/testkit/web/owner-at-north';
import { labelled } from '@studio/testkit/web/staff-page';
import { createWeeklySeries, openClasses } from '@studio/testkit/web/weekly-series';
import { DateTime } from 'luxon';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The owner's timetable in the browser, against the real server: a weekly series made in the web app
 * appears in the week grid and in the class list the kiosk reads (`GET /v1/classes` with a key, as the
 * agent asks); from the class page the owner books a member, checks her in, queues two more and
 * reorders them, then cancels and restores the class. The steps build on each other.
 */
const world = useOwnerAtNorth();
let zone = '';
let seriesStart = '';
let kioskKey = '';

beforeAll(async () => {
  const { stack } = world;
  await addClassService(stack.databaseUrl, stack.seed.companyId, stack.seed.locations.north);
  kioskKey = await stack.mintKey(['read:classes', 'read:catalog'], stack.seed.locations.north, 'Kiosk');
  const locations = (await (await fetch(`${stack.apiUrl}/locations`, { headers: { authorization: `Bearer ${kioskKey}` } })).json()) as { data: { id: string; timezone: string }[] };
  zone = locations.data.find((l) => l.id === stack.seed.locations.north)!.timezone;
});

const page = () => world.desk.page;
/** A day of the week grid as its label reads to a screen reader: in English at an Irish location. */
const dayLabel = (day: DateTime) => day.setLocale('en-IE').toLocaleString({ weekday: 'long', day: 'numeric', month: 'long' });
const today = () => DateTime.now().setZone(zone);

type KioskClass = { id: string; start: string; service_name: string; status: string; capacity: number; technician_id: string | null };

async function kioskClasses(): Promise<KioskClass[]> {
  const response = await fetch(`${world.stack.apiUrl}/classes?location_id=${world.stack.seed.locations.north}`, { headers: { authorization: `Bearer ${kioskKey}` } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: KioskClass[] }).data;
}

describe('classes in the web app', () => {
  it('creates a weekly series that shows in the week grid and in the kiosk class list', async () => {
    const desk = world.desk;
    await openClasses(desk);
    await page().getByText('No weekly series at this location yet').waitFor();
    await desk.check('classes-timetable-empty');

    // Today's class starts in 20 minutes: inside its check-in window for the roster steps below.
    const start = today().plus({ minutes: 20 });
    seriesStart = start.toFormat('HH:mm');
    await createWeeklySeries(desk, {
      className: 'Spin',
      instructor: 'Ivy Instructor',
      first: start,
      alsoOn: [start.plus({ days: 1 })],
      capacity: 1,
      last: start.plus({ days: 20 }),
      screenshot: 'classes-series-new',
    });

    const day = page().getByRole('listitem', { name: dayLabel(start) });
    await day.getByRole('link', { name: /Spin/ }).first().waitFor();
    expect(await day.textContent()).toContain(seriesStart);
    expect(await day.textContent()).toContain('Ivy Instructor');
    await page().getByRole('table', { name: 'Weekly series' }).getByText('Spin').waitFor();
    await desk.check('classes-timetable');

    const listed = await kioskClasses();
    const todays = listed.find((cls) => DateTime.fromISO(cls.start, { zone }).toFormat('yyyy-MM-dd HH:mm') === `${start.toISODate()} ${seriesStart}`);
    expect(todays).toMatchObject({ service_name: 'Spin', status: 'scheduled' });
    // The next week's classes of the series are there too.
    expect(listed.filter((cls) => cls.service_name === 'Spin').length).toBeGreaterThanOrEqual(2);
  });

  it('shows the series form with its counts before a change is applied', async () => {
    const desk = world.desk;
    await page()
      .getByRole('link', { name: /^Edit series Spin/ })
      .click();
    await desk.heading('Weekly series').waitFor();
    await labelled(page(), 'New capacity').fill('2');
    await desk.button('Preview changes').click();
    await page()
      .getByText(/Affects \d+ classes, 0 bookings\./)
      .waitFor();
    await desk.check('classes-series-edit');
    // Not applied: back to capacity 1 for the waitlist below.
    await page().getByRole('link', { name: 'Back to the timetable' }).click();
    await desk.heading('Classes').waitFor();
  });

  it('books a member from the class page, checks her in, queues two and reorders them', async () => {
    const desk = world.desk;
    const day = page().getByRole('listitem', { name: dayLabel(today().plus({ minutes: 20 })) });
    await day.getByRole('link', { name: /Spin/ }).first().click();
    await desk.heading(/^Spin,/).waitFor();
    await page().getByText('Nobody is booked yet').waitFor();

    const search = labelled(page(), 'Find a member');
    await search.fill('Nora');
    await page().getByRole('button', { name: 'Book Nora Kelly' }).click();
    const roster = page().getByRole('table', { name: 'Roster' });
    await roster.getByRole('row').filter({ hasText: 'Nora Kelly' }).getByText('Booked').waitFor();
    expect(await roster.textContent()).toContain('Membership');

    await search.fill('Paula');
    await page().getByRole('button', { name: 'Add to waitlist: Paula Byrne' }).click();
    await search.fill('Wanda');
    await page().getByRole('button', { name: 'Add to waitlist: Wanda Waite' }).click();
    const waitlist = page().getByRole('table', { name: 'Waitlist' });
    await waitlist.getByText('Wanda Waite').waitFor();
    const order = async () => (await waitlist.getByRole('row').allTextContents()).slice(1).map((row) => row.replace(/Move.*/, ''));
    expect(await order()).toEqual(['1Paula ByrneWaiting', '2Wanda WaiteWaiting']);
    await page().getByRole('button', { name: 'Move up Wanda Waite' }).click();
    await expect.poll(order).toEqual(['1Wanda WaiteWaiting', '2Paula ByrneWaiting']);

    await page().getByRole('button', { name: 'Check in Nora Kelly' }).click();
    await roster.getByRole('row').filter({ hasText: 'Nora Kelly' }).getByText('Checked in').waitFor();
    await desk.check('classes-class-page');
  });

  it('cancels the class and restores it', async () => {
    const desk = world.desk;
    await desk.button('Cancel class').click();
    await page().getByText('This class is cancelled.').waitFor();
    await desk.check('classes-class-cancelled');
    expect((await kioskClasses()).some((cls) => cls.status === 'cancelled' && cls.service_name === 'Spin')).toBe(true);
    await desk.button('Restore class').click();
    await desk.button('Cancel class').waitFor();
    expect(await page().getByText('This class is cancelled.').count()).toBe(0);
    // The waitlist the cancellation ended queues again in its order.
    const waitlist = page().getByRole('table', { name: 'Waitlist' });
    await waitlist.getByText('Wanda Waite').waitFor();
    expect((await kioskClasses()).every((cls) => cls.status === 'scheduled')).toBe(true);
  });

  it('raises the capacity of this class alone and takes its instructor off, the series keeping its own', async () => {
    const desk = world.desk;
    const id = page().url().split('/classes/')[1]!;
    await labelled(page(), 'Capacity of this class').fill('3');
    await page().getByLabel('Instructor of this class').selectOption({ label: 'No instructor' });
    await desk.button('Save changes').click();
    await page()
      .getByText(/; no instructor\./)
      .waitFor();
    await page()
      .getByText(/ of 3 booked, /)
      .waitFor();
    const classes = await kioskClasses();
    expect(classes.find((cls) => cls.id === id)).toMatchObject({ capacity: 3, technician_id: null });
    // The rest of the series keeps its instructor.
    expect(classes.filter((cls) => cls.id !== id && cls.service_name === 'Spin').every((cls) => cls.technician_id !== null)).toBe(true);
  });
});
