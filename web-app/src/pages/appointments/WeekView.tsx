import { Stack, Table, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { CalendarBooking } from '@studio/shared/schemas/appointments-web';
import { useTranslation } from 'react-i18next';
import { dayOfMonth, localDateOf, timeRange, weekdayOf } from '../../format/appointments.ts';
import { BookingBlock } from './BookingBlock.tsx';
import type { CalendarColumn, ColumnKind } from './columns.ts';

/** What a staff member's day is, in words: its hours (and whether an override set them), or off. */
function hoursWords(column: CalendarColumn, date: string, zone: string, t: TFunction<'appointments'>): string | null {
  const source = column.source[date];
  if (source === undefined) return null;
  const working = column.working[date] ?? [];
  if (working.length === 0) return source === 'override' ? t('week.off_override') : t('week.off');
  const text = working.map((w) => timeRange(w.start, w.end, zone)).join(', ');
  return source === 'override' ? t('week.hours_override', { hours: text }) : text;
}

/** A week: a row per staff member or room, a column per day, each cell its hours (shaded when worked) and bookings. */
export function WeekView({
  kind,
  columns,
  dates,
  zone,
  locale,
  onOpen,
}: {
  kind: ColumnKind;
  columns: CalendarColumn[];
  dates: string[];
  zone: string;
  locale: string;
  onOpen: (booking: CalendarBooking) => void;
}) {
  const { t } = useTranslation('appointments');
  return (
    <div style={{ overflowX: 'auto' }}>
      <Table withColumnBorders withTableBorder miw={760} aria-label={t('week.label')} style={{ tableLayout: 'fixed' }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={110}>{kind === 'staff' ? t('week.staff') : t('week.room')}</Table.Th>
            {dates.map((date) => (
              <Table.Th key={date}>
                {/* Weekday over date, on two lines in every language: a column is about 100 px wide on a tablet. */}
                {weekdayOf(date, locale)}
                <br />
                {dayOfMonth(date, locale)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {columns.map((column) => (
            <Table.Tr key={column.id}>
              <Table.Th scope="row">{column.name}</Table.Th>
              {dates.map((date) => {
                const words = hoursWords(column, date, zone, t);
                const worked = (column.working[date] ?? []).length > 0;
                const bookings = column.bookings.filter((booking) => localDateOf(booking.start, zone) === date);
                return (
                  <Table.Td key={date} valign="top" style={{ background: words !== null && !worked ? '#eceef1' : '#ffffff', verticalAlign: 'top' }}>
                    <Stack gap={4}>
                      {words !== null ? (
                        <Text size="xs" c="#495057">
                          {words}
                        </Text>
                      ) : null}
                      {bookings.map((booking) => (
                        <BookingBlock key={booking.id} booking={booking} zone={zone} onOpen={onOpen} showStaff={kind === 'rooms'} />
                      ))}
                    </Stack>
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}
