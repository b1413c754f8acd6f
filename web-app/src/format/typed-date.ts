/** Dates as a person types and reads them in a locale, and as the 'YYYY-MM-DD' the API speaks. */

type Part = 'day' | 'month' | 'year';

/** The order and separator of day, month and year as the locale writes a short date (de-DE: 07.12.2026, en-US: 12/07/2026). */
function dateShape(locale: string): { order: Part[]; separator: string } {
  const parts = new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric' }).formatToParts(new Date(Date.UTC(2026, 11, 7)));
  const order = parts.filter((part): part is Intl.DateTimeFormatPart & { type: Part } => part.type === 'day' || part.type === 'month' || part.type === 'year').map((part) => part.type);
  const separator = parts.find((part) => part.type === 'literal')?.value ?? '/';
  return { order, separator };
}

const tokens: Record<Part, string> = { day: 'DD', month: 'MM', year: 'YYYY' };

/** The dayjs format that writes a date as the locale does. */
export function displayFormat(locale: string): string {
  const { order, separator } = dateShape(locale);
  return order.map((part) => tokens[part]).join(separator);
}

/**
 * A typed date read in the locale's order (7.12.2026, 07/12/2026), or as YYYY-MM-DD, as the
 * 'YYYY-MM-DD' the API takes; null when it is not a real date.
 */
export function parseTypedDate(text: string, locale: string): string | null {
  const numbers = text.trim().split(/\D+/).filter(Boolean);
  if (numbers.length !== 3) return null;
  const order: Part[] = numbers[0]!.length === 4 ? ['year', 'month', 'day'] : dateShape(locale).order;
  const value = Object.fromEntries(order.map((part, index) => [part, Number(numbers[index])])) as Record<Part, number>;
  if (value.year < 1000) return null;
  const date = new Date(Date.UTC(value.year, value.month - 1, value.day));
  if (date.getUTCFullYear() !== value.year || date.getUTCMonth() !== value.month - 1 || date.getUTCDate() !== value.day) return null;
  return date.toISOString().slice(0, 10);
}
