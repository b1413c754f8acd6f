import type { Locator } from 'playwright-core';
import type { DateTime } from 'luxon';

/**
 * The locale the seeded studio's pages write dates in: English at a location in Ireland (the seed's
 * country), so 7 December 2026 reads 07/12/2026.
 */
export const seededStudioLocale = 'en-IE';

/** A date as the locale writes it in a date field: day, month and year in its order, 2 digits each but the year. */
export function typedDate(date: DateTime, locale: string): string {
  return new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(date.year, date.month - 1, date.day)));
}

/**
 * Fills the web app's date field (a text field showing the page's locale) as a person types it, and
 * leaves it, so the field reads the date and shows it back in the locale's format.
 */
export async function fillDate(field: Locator, date: DateTime, locale: string = seededStudioLocale): Promise<void> {
  await field.fill(typedDate(date, locale));
  await field.press('Tab');
}
