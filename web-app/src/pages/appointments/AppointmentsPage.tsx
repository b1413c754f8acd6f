import { Button, Group, Stack, Text, Title } from '@mantine/core';
import type { AppointmentCalendar, CalendarBooking } from '@studio/shared/schemas/appointments-web';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCalendar } from '../../api/appointments.ts';
import { managesAccounts, useSignedIn } from '../../api/session.ts';
import { DateField } from '../../components/DateField.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { dayHeading, localDateOf, mondayOf, shiftDate, statusKey, timeRange } from '../../format/appointments.ts';
import { todayAt } from '../../format/time.ts';
import { useLocale } from '../../i18n/locale.ts';
import { useLocation } from '../../shell/location.ts';
import { BookingDialog } from './BookingDialog.tsx';
import { calendarColumns, type ColumnKind } from './columns.ts';
import { DayView } from './DayView.tsx';
import { NewBookingDialog } from './NewBookingDialog.tsx';
import { StaffHoursPanel } from './StaffHoursPanel.tsx';
import { WeekView } from './WeekView.tsx';

type View = 'day' | 'week';

/** A two-way choice as two buttons, the chosen one pressed: each has its words, not only a colour. */
function Toggle<T extends string>({ label, value, options, onChange }: { label: string; value: T; options: { value: T; label: string }[]; onChange: (value: T) => void }) {
  return (
    <Group gap={0} role="group" aria-label={label}>
      {options.map((option) => (
        <Button key={option.value} variant={option.value === value ? 'filled' : 'default'} aria-pressed={option.value === value} onClick={() => onChange(option.value)} radius={0}>
          {option.label}
        </Button>
      ))}
    </Group>
  );
}

/**
 * The appointments calendar of the chosen location: a day or a week, in columns per staff member
 * or per room, every time in the location's zone. Bookings open their actions; owners and managers
 * edit staff hours below.
 */
export function AppointmentsPage() {
  const session = useSignedIn();
  const [location] = useLocation(session);
  const zone = location.time_zone;
  const [params, setParams] = useSearchParams();
  const today = todayAt(zone, new Date());
  const date = /^\d{4}-\d{2}-\d{2}$/.test(params.get('date') ?? '') ? params.get('date')! : today;
  const view: View = params.get('view') === 'week' ? 'week' : 'day';
  const kind: ColumnKind = params.get('columns') === 'rooms' ? 'rooms' : 'staff';
  const set = (changes: Record<string, string>) => setParams({ date, view, columns: kind, ...changes }, { replace: true });
  const first = view === 'week' ? mondayOf(date) : date;
  const calendar = useCalendar(location.id, first, view === 'week' ? 7 : 1);
  const [booking, setBooking] = useState<CalendarBooking | null>(null);
  const [creating, setCreating] = useState(false);
  const data = calendar.data?.location_id === location.id ? calendar.data : undefined;
  const { t } = useTranslation('appointments');
  const locale = useLocale(location);

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{t('title')}</Title>
        <Button onClick={() => setCreating(true)} disabled={!data}>
          {t('new_booking')}
        </Button>
      </Group>
      <Group gap="sm" align="flex-end">
        <Button variant="default" onClick={() => set({ date: shiftDate(date, view === 'week' ? -7 : -1) })}>
          {view === 'week' ? t('week.previous') : t('day.previous')}
        </Button>
        <Button variant="default" onClick={() => set({ date: today })}>
          {t('today')}
        </Button>
        <Button variant="default" onClick={() => set({ date: shiftDate(date, view === 'week' ? 7 : 1) })}>
          {view === 'week' ? t('week.next') : t('day.next')}
        </Button>
        <DateField locale={locale} label={t('date')} value={date} onChange={(next) => next && set({ date: next })} w={150} />
        <Toggle
          label={t('view')}
          value={view}
          options={[
            { value: 'day', label: t('view.day') },
            { value: 'week', label: t('view.week') },
          ]}
          onChange={(v) => set({ view: v })}
        />
        <Toggle
          label={t('columns')}
          value={kind}
          options={[
            { value: 'staff', label: t('columns.staff') },
            { value: 'rooms', label: t('columns.rooms') },
          ]}
          onChange={(v) => set({ columns: v })}
        />
      </Group>
      <Text size="sm" c="#495057">
        {t(view === 'week' ? 'heading.week' : 'heading.day', { day: dayHeading(first, locale), location: location.name, zone })}
      </Text>
      <ErrorAlert error={calendar.error} title={t('calendar.error')} />
      {data ? <Calendar calendar={data} view={view} kind={kind} locale={locale} onOpen={setBooking} /> : calendar.isPending ? <Text>{t('calendar.loading')}</Text> : null}
      {data && managesAccounts(session) ? <StaffHoursPanel key={location.id} calendar={data} locale={locale} /> : null}
      {data && creating ? <NewBookingDialog opened onClose={() => setCreating(false)} calendar={data} date={date} locale={locale} /> : null}
      {data && booking ? <BookingDialog key={booking.id} booking={booking} calendar={data} locale={locale} onClose={() => setBooking(null)} /> : null}
    </Stack>
  );
}

function Calendar({ calendar, view, kind, locale, onOpen }: { calendar: AppointmentCalendar; view: View; kind: ColumnKind; locale: string; onOpen: (booking: CalendarBooking) => void }) {
  const { t } = useTranslation('appointments');
  const columns = calendarColumns(calendar, kind, t('room.none'));
  const cancelled = calendar.bookings.filter((b) => b.status === 'cancelled');
  if (kind === 'staff' && columns.length === 0) return <Text>{t('calendar.no_staff')}</Text>;
  return (
    <Stack gap="xs">
      {view === 'week' ? (
        <WeekView kind={kind} columns={columns} dates={calendar.dates} zone={calendar.time_zone} locale={locale} onOpen={onOpen} />
      ) : (
        <DayView columns={columns} date={calendar.dates[0]!} zone={calendar.time_zone} onOpen={onOpen} />
      )}
      {calendar.bookings.length === 0 ? <Text size="sm">{t(view === 'week' ? 'calendar.empty_week' : 'calendar.empty_day')}</Text> : null}
      {cancelled.length > 0 ? (
        <div>
          <Title order={2} size="h5">
            {t('cancelled.title')}
          </Title>
          <ul aria-label={t('cancelled.label')} style={{ margin: 0, paddingLeft: 20 }}>
            {cancelled.map((b) => (
              <li key={b.id}>
                <Text size="sm">
                  {view === 'week' ? `${dayHeading(localDateOf(b.start, calendar.time_zone), locale)} ` : ''}
                  {t('cancelled.line', { time: timeRange(b.start, b.end, calendar.time_zone), client: b.contact_name, service: b.service_name, staff: b.staff_name, status: t(statusKey(b)) })}
                </Text>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </Stack>
  );
}
