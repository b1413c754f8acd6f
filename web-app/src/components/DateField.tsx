import { DateInput, type DateInputProps } from '@mantine/dates';
import '@mantine/dates/styles.css';
import 'dayjs/locale/de';
import 'dayjs/locale/es';
import { useTranslation } from 'react-i18next';
import { displayFormat, parseTypedDate } from '../format/typed-date.ts';

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
