import { Box, Group, Text } from '@mantine/core';
import type { CalendarBooking } from '@studio/shared/schemas/appointments-web';
import { useTranslation } from 'react-i18next';
import { minutesIntoDay } from '../../format/appointments.ts';
import { BookingBlock } from './BookingBlock.tsx';
import type { CalendarColumn } from './columns.ts';

const pxPerMinute = 1.1;
const hourHeight = 60 * pxPerMinute;

/** The hours the grid shows: 08:00 to 20:00, widened to every working span and booking of the day. */
function visibleHours(columns: CalendarColumn[], date: string, zone: string): [number, number] {
  let first = 8 * 60;
  let last = 20 * 60;
  for (const column of columns) {
    for (const span of [...(column.working[date] ?? []), ...column.bookings]) {
      first = Math.min(first, minutesIntoDay(span.start, date, zone));
      last = Math.max(last, minutesIntoDay(span.end, date, zone));
    }
  }
  return [Math.max(0, Math.floor(first / 60)), Math.min(24, Math.ceil(last / 60))];
}

/**
 * One local day in columns (staff or rooms): working hours white on a shaded day, time off hatched
 * and labelled, bookings as labelled blocks at their local times.
 */
export function DayView({ columns, date, zone, onOpen }: { columns: CalendarColumn[]; date: string; zone: string; onOpen: (booking: CalendarBooking) => void }) {
  const { t } = useTranslation('appointments');
  const [firstHour, lastHour] = visibleHours(columns, date, zone);
  const height = (lastHour - firstHour) * hourHeight;
  const top = (iso: string) => Math.max(0, (minutesIntoDay(iso, date, zone) - firstHour * 60) * pxPerMinute);
  const span = (start: string, end: string) => ({ top: top(start), height: Math.max(18, Math.min(height, top(end)) - top(start)) });
  const hours = Array.from({ length: lastHour - firstHour }, (_, i) => firstHour + i);
  return (
    <div style={{ overflowX: 'auto' }}>
      <Group align="flex-start" gap={0} wrap="nowrap" style={{ minWidth: 120 + columns.length * 170 }}>
        <Box w={56} style={{ flexShrink: 0 }}>
          <Box h={32} />
          <Box pos="relative" h={height} aria-hidden>
            {hours.map((hour) => (
              <Text key={hour} size="xs" pos="absolute" top={(hour - firstHour) * hourHeight} c="#495057">
                {String(hour).padStart(2, '0')}:00
              </Text>
            ))}
          </Box>
        </Box>
        {columns.map((column) => (
          <Box key={column.id} style={{ flex: 1, minWidth: 160, borderLeft: '1px solid #dee2e6' }} role="group" aria-label={`${column.name}, ${date}`}>
            <Text fw={700} size="sm" h={32} px={6} pt={6} truncate>
              {column.name}
            </Text>
            <Box pos="relative" h={height} style={{ background: column.source[date] === undefined ? '#ffffff' : '#eceef1' }}>
              {(column.working[date] ?? []).map((w) => (
                <Box key={w.start} pos="absolute" left={0} right={0} style={{ ...span(w.start, w.end), background: '#ffffff', borderLeft: '3px solid #adb5bd' }} title={t('day.working_hours')} />
              ))}
              {column.timeOff.map((off) => (
                <Box
                  key={off.start}
                  pos="absolute"
                  left={0}
                  right={0}
                  px={6}
                  style={{ ...span(off.start, off.end), backgroundImage: 'repeating-linear-gradient(45deg, #f1f3f5 0, #f1f3f5 6px, #e9ecef 6px, #e9ecef 12px)', overflow: 'hidden' }}
                >
                  <Text size="xs" fw={600} c="#343a40">
                    {off.reason ? t('day.time_off_reason', { reason: off.reason }) : t('day.time_off')}
                  </Text>
                </Box>
              ))}
              <Box
                pos="absolute"
                inset={0}
                aria-hidden
                style={{
                  pointerEvents: 'none',
                  backgroundImage: `repeating-linear-gradient(to bottom, transparent 0, transparent ${hourHeight - 1}px, #d0d5da ${hourHeight - 1}px, #d0d5da ${hourHeight}px)`,
                }}
              />
              {column.bookings.map((booking) => (
                <Box key={booking.id} pos="absolute" left={4} right={4} style={span(booking.start, booking.end)}>
                  <BookingBlock booking={booking} zone={zone} onOpen={onOpen} style={{ height: '100%' }} />
                </Box>
              ))}
            </Box>
          </Box>
        ))}
      </Group>
    </div>
  );
}
