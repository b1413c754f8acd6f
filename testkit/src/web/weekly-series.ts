import type { DateTime } from 'luxon';
import { fillDate } from './date-field.js';
import { labelled, type StaffPage } from './staff-page.js';

/** A weekly series as the owner enters it in the web app's New series form. */
export interface WeeklySeriesEntry {
  /** The class service's name, as the Class field offers it. */
  className: string;
  instructor: string;
  /** The first class, in the location's zone: its weekday is ticked, its time is the start time, its date the first day. */
  first: DateTime;
  /** Further weekdays (in the location's zone) the series runs on. */
  alsoOn?: DateTime[];
  capacity: number;
  /** The series' last day, in the location's zone. */
  last: DateTime;
  /** `check()` name for the filled form (screenshots and axe), if wanted. */
  screenshot?: string;
}

/** Classes, from the main navigation. */
export async function openClasses(desk: StaffPage): Promise<void> {
  await desk.mainNavigation().getByRole('link', { name: 'Classes', exact: true }).click();
  await desk.heading('Classes').waitFor();
}

/**
 * From the Classes page: New series, the form filled in as `series` says, Create series. Ends back
 * on the Classes page (the timetable).
 */
export async function createWeeklySeries(desk: StaffPage, series: WeeklySeriesEntry): Promise<void> {
  const page = desk.page;
  await page.getByRole('link', { name: 'New series' }).click();
  await desk.heading('New weekly series').waitFor();
  await desk.choose('Class', series.className);
  await desk.choose('Instructor', series.instructor);
  for (const day of [series.first, ...(series.alsoOn ?? [])]) {
    await page.getByRole('checkbox', { name: day.toFormat('cccc', { locale: 'en-GB' }), exact: true }).check();
  }
  await labelled(page, 'Start time').fill(series.first.toFormat('HH:mm'));
  await labelled(page, 'Capacity').fill(String(series.capacity));
  await fillDate(labelled(page, 'First day'), series.first);
  await fillDate(labelled(page, 'Last day'), series.last);
  if (series.screenshot) await desk.check(series.screenshot);
  await desk.button('Create series').click();
  await desk.heading('Classes').waitFor();
}
