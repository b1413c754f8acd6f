import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import type { AppointmentCalendar, CalendarBooking } from '@studio/shared/schemas/appointments-web';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useCalendar } from '../../api/appointments.ts';
import { managesAccounts, useSignedIn } from '../../api/session.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { dayHeading, localDateOf, mondayOf, shiftDate, statusLabel, timeRange } from '../../format/appointments.ts';
import { todayAt } from '../../format/time.ts';
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

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>Appointments</Title>
        <Button onClick={() => setCreating(true)} disabled={!data}>
          New booking
        </Button>
      </Group>
      <Group gap="sm" align="flex-end">
        <Button variant="default" onClick={() => set({ date: shiftDate(date, view === 'week' ? -7 : -1) })}>
          {view === 'week' ? 'Previous week' : 'Previous day'}
        </Button>
        <Button variant="default" onClick={() => set({ date: today })}>
          Today
        </Button>
        <Button variant="default" onClick={() => set({ date: shiftDate(date, view === 'week' ? 7 : 1) })}>
          {view === 'week' ? 'Next week' : 'Next day'}
        </Button>
        <TextInput type="date" label="Date" value={date} onChange={(event) => event.currentTarget.value && set({ date: event.currentTarget.value })} w={170} />
        <Toggle
          label="View"
          value={view}
          options={[
            { value: 'day', label: 'Day' },
            { value: 'week', label: 'Week' },
          ]}
          onChange={(v) => set({ view: v })}
        />
        <Toggle
          label="Columns"
          value={kind}
          options={[
            { value: 'staff', label: 'Staff columns' },
            { value: 'rooms', label: 'Room columns' },
          ]}
          onChange={(v) => set({ columns: v })}
        />
      </Group>
      <Text size="sm" c="#495057">
        {view === 'week' ? `Week of ${dayHeading(first)}` : dayHeading(date)}, times at {location.name} ({zone})
      </Text>
      <ErrorAlert error={calendar.error} title="The calendar could not be loaded" />
      {data ? <Calendar calendar={data} view={view} kind={kind} onOpen={setBooking} /> : calendar.isPending ? <Text>Loading the calendar…</Text> : null}
      {data && managesAccounts(session) ? <StaffHoursPanel key={location.id} calendar={data} /> : null}
      {data && creating ? <NewBookingDialog opened onClose={() => setCreating(false)} calendar={data} date={date} /> : null}
      {data && booking ? <BookingDialog key={booking.id} booking={booking} calendar={data} onClose={() => setBooking(null)} /> : null}
    </Stack>
  );
}

function Calendar({ calendar, view, kind, onOpen }: { calendar: AppointmentCalendar; view: View; kind: ColumnKind; onOpen: (booking: CalendarBooking) => void }) {
  const columns = calendarColumns(calendar, kind);
  const cancelled = calendar.bookings.filter((b) => b.status === 'cancelled');
  if (kind === 'staff' && columns.length === 0) return <Text>No staff work at this location yet: give a staff member hours here to book appointments.</Text>;
  return (
    <Stack gap="xs">
      {view === 'week' ? (
        <WeekView kind={kind} columns={columns} dates={calendar.dates} zone={calendar.time_zone} onOpen={onOpen} />
      ) : (
        <DayView columns={columns} date={calendar.dates[0]!} zone={calendar.time_zone} onOpen={onOpen} />
      )}
      {calendar.bookings.length === 0 ? <Text size="sm">No bookings {view === 'week' ? 'this week' : 'this day'}. Press New booking to add one.</Text> : null}
      {cancelled.length > 0 ? (
        <div>
          <Title order={2} size="h5">
            Cancelled
          </Title>
          <ul aria-label="Cancelled bookings" style={{ margin: 0, paddingLeft: 20 }}>
            {cancelled.map((b) => (
              <li key={b.id}>
                <Text size="sm">
                  {view === 'week' ? `${dayHeading(localDateOf(b.start, calendar.time_zone))} ` : ''}
                  {timeRange(b.start, b.end, calendar.time_zone)} {b.contact_name}, {b.service_name} with {b.staff_name}: {statusLabel(b)}
                </Text>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </Stack>
  );
}
