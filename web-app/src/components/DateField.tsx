import { DateInput, type DateInputProps } from '@mantine/dates';
import '@mantine/dates/styles.css';
import 'dayjs/locale/de';
import 'dayjs/locale/es';
import { useTranslation } from 'react-i18next';

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

type DateFieldProps = Omit<DateInputProps, 'value' | 'onChange' | 'locale' | 'valueFormat' | 'dateParser' | 'defaultValue' | 'getDayAriaLabel'> & {
  /** The page's Intl locale (useLocale): its order of day, month and year, its month and weekday names. */
  locale: string;
  /** 'YYYY-MM-DD', or '' for none. */
  value: string;
  onChange: (value: string) => void;
};

/**
 * A date typed or picked as the studio writes it (07.12.2026 in Berlin), given and taken as the
 * 'YYYY-MM-DD' the API speaks. Replaces the browser's date input, which shows the browser's
 * format whatever the page's language.
 */
export function DateField({ locale, value, onChange, ...props }: DateFieldProps) {
  const { t } = useTranslation('common');
  const language = locale.split('-')[0] ?? 'en';
  // A day of the picker is read out as the locale says it ("7. Dezember 2026"), not dayjs's "7 Dezember 2026".
  const longDate = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  return (
    <DateInput
      // The size the theme gives every other field (the theme names Mantine's core inputs only).
      size="md"
      {...props}
      locale={language}
      firstDayOfWeek={1}
      valueFormat={displayFormat(locale)}
      dateParser={(text) => parseTypedDate(text, locale)}
      ariaLabels={{
        previousMonth: t('date.previous_month'),
        nextMonth: t('date.next_month'),
        previousYear: t('date.previous_year'),
        nextYear: t('date.next_year'),
        previousDecade: t('date.previous_decade'),
        nextDecade: t('date.next_decade'),
      }}
      // Weekends are working days at a studio, and Mantine's dimmed weekday names and red weekends read below 4.5:1.
      weekendDays={[]}
      hideOutsideDates
      // The picker appears at once: a fading one is read (by people and by axe) at half contrast for a moment.
      popoverProps={{ transitionProps: { duration: 0 } }}
      styles={{ weekday: { color: '#495057' } }}
      getDayAriaLabel={(day) => longDate.format(new Date(`${day}T00:00:00Z`))}
      value={value === '' ? null : value}
      onChange={(next) => onChange(next ?? '')}
    />
  );
}
