import { Button, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import type { AppointmentCalendar, StaffSchedule } from '@studio/shared/schemas/appointments-web';
import { useState } from 'react';
import { appointmentRequests, useAppointmentChange, useStaffSchedule } from '../../api/appointments.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { dayHeading, localToIso, parseSpansText, spansText, type Span } from '../../format/appointments.ts';
import { formatLocalDateTime } from '../../format/time.ts';
import { NoStaffHours } from '../../components/SetupLinks.tsx';

const weekdays = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
const capital = (day: string) => day[0]!.toUpperCase() + day.slice(1);

/** An owner's or manager's panel beside the calendar: a staff member's weekly hours, a date override and time off. */
export function StaffHoursPanel({ calendar }: { calendar: AppointmentCalendar }) {
  const [staffId, setStaffId] = useState(calendar.staff[0]?.id ?? '');
  const schedule = useStaffSchedule(staffId, calendar.location_id);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="staff-hours-heading">
      <Stack>
        <Title order={2} id="staff-hours-heading">
          Staff hours
        </Title>
        {calendar.staff.length === 0 ? (
          <NoStaffHours />
        ) : (
          <>
            <NativeSelect
              label="Staff member"
              value={staffId}
              onChange={(event) => setStaffId(event.currentTarget.value)}
              data={calendar.staff.map((m) => ({ value: m.id, label: m.name }))}
              maw={320}
            />
            <ErrorAlert error={schedule.error} />
            {schedule.data ? <ScheduleForms key={`${staffId}:${schedule.dataUpdatedAt}`} schedule={schedule.data} zone={calendar.time_zone} /> : <Text>Loading hours…</Text>}
          </>
        )}
      </Stack>
    </Paper>
  );
}

function ScheduleForms({ schedule, zone }: { schedule: StaffSchedule; zone: string }) {
  const location = schedule.location_id;
  const staff = schedule.staff_id;
  const [hours, setHours] = useState<Record<string, string>>(() => Object.fromEntries(weekdays.map((day) => [day, spansText(schedule.hours[day] ?? [])])));
  const [overrideDate, setOverrideDate] = useState('');
  const [overrideHours, setOverrideHours] = useState('');
  const [offFrom, setOffFrom] = useState('');
  const [offUntil, setOffUntil] = useState('');
  const [offReason, setOffReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const saveHours = useAppointmentChange((body: Record<string, Span[]>) => appointmentRequests.hours(staff, { location_id: location, hours: body }));
  const saveOverride = useAppointmentChange((spans: Span[]) => appointmentRequests.override(staff, { location_id: location, date: overrideDate, spans }));
  const clearOverride = useAppointmentChange((date: string) => appointmentRequests.clearOverride(staff, { location_id: location, date }));
  const addOff = useAppointmentChange((body: { start: string; end: string; reason?: string }) => appointmentRequests.addTimeOff(staff, { location_id: location, ...body }));
  const removeOff = useAppointmentChange((id: string) => appointmentRequests.removeTimeOff(id, location));
  const error = saveHours.error ?? saveOverride.error ?? clearOverride.error ?? addOff.error ?? removeOff.error;

  const submitHours = () => {
    const parsed: Record<string, Span[]> = {};
    for (const day of weekdays) {
      const result = parseSpansText(hours[day] ?? '');
      if ('error' in result) return setProblem(`${capital(day)}: ${result.error}`);
      if (result.spans.length) parsed[day] = result.spans;
    }
    setProblem(null);
    saveHours.mutate(parsed);
  };
  const submitOverride = () => {
    const result = parseSpansText(overrideHours);
    if (!overrideDate) return setProblem('Choose the date the override is for.');
    if ('error' in result) return setProblem(`Hours that date: ${result.error}`);
    setProblem(null);
    saveOverride.mutate(result.spans);
  };
  const submitTimeOff = () => {
    const [start, end] = [offFrom, offUntil].map((value) => (value.includes('T') ? localToIso(value.slice(0, 10), value.slice(11, 16), zone) : null));
    if (!start || !end) return setProblem('Give the first moment off and the moment back, as a date and a time.');
    setProblem(null);
    addOff.mutate({ start, end, ...(offReason.trim() && { reason: offReason.trim() }) });
  };

  return (
    <Stack>
      {problem ? (
        <Text role="alert" c="red.9" size="sm">
          {problem}
        </Text>
      ) : null}
      <ErrorAlert error={error} title="Not saved" />
      <div>
        <Title order={3} size="h5" mb={4}>
          Weekly hours
        </Title>
        <Text size="sm" mb="xs">
          Hours worked each weekday, such as 09:00-13:00, 14:00-18:00. Leave a day empty when it is not worked.
        </Text>
        <SimpleGrid cols={{ base: 2, md: 4 }}>
          {weekdays.map((day) => (
            <TextInput key={day} label={capital(day)} value={hours[day]} onChange={(event) => setHours({ ...hours, [day]: event.currentTarget.value })} />
          ))}
        </SimpleGrid>
        <Group justify="flex-end" mt="xs">
          <Button onClick={submitHours} loading={saveHours.isPending}>
            Save hours
          </Button>
        </Group>
      </div>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <div>
          <Title order={3} size="h5" mb={4}>
            Date override
          </Title>
          <Stack gap="xs">
            <TextInput type="date" label="Override date" value={overrideDate} onChange={(event) => setOverrideDate(event.currentTarget.value)} />
            <TextInput label="Hours that date" description="Empty: the day off" value={overrideHours} onChange={(event) => setOverrideHours(event.currentTarget.value)} />
            <Group justify="flex-end">
              <Button onClick={submitOverride} loading={saveOverride.isPending}>
                Save override
              </Button>
            </Group>
            {schedule.overrides.map((o) => (
              <Group key={o.date} justify="space-between" wrap="nowrap">
                <Text size="sm">
                  {dayHeading(o.date)}: {o.day_off ? 'day off' : spansText(o.spans)}
                </Text>
                <Button size="compact-sm" variant="default" onClick={() => clearOverride.mutate(o.date)} aria-label={`Clear override of ${dayHeading(o.date)}`}>
                  Clear override
                </Button>
              </Group>
            ))}
          </Stack>
        </div>
        <div>
          <Title order={3} size="h5" mb={4}>
            Time off
          </Title>
          <Stack gap="xs">
            <Group grow>
              <TextInput type="datetime-local" label="Time off from" value={offFrom} onChange={(event) => setOffFrom(event.currentTarget.value)} />
              <TextInput type="datetime-local" label="Back at" value={offUntil} onChange={(event) => setOffUntil(event.currentTarget.value)} />
            </Group>
            <TextInput label="Reason" description="Optional, for staff reading the schedule" value={offReason} onChange={(event) => setOffReason(event.currentTarget.value)} />
            <Group justify="flex-end">
              <Button onClick={submitTimeOff} loading={addOff.isPending}>
                Add time off
              </Button>
            </Group>
            {schedule.time_off.map((off) => (
              <Group key={off.id} justify="space-between" wrap="nowrap">
                <Text size="sm">
                  {formatLocalDateTime(off.start, zone)} to {formatLocalDateTime(off.end, zone)}
                  {off.reason ? `: ${off.reason}` : ''}
                </Text>
                <Button size="compact-sm" variant="default" onClick={() => removeOff.mutate(off.id)} aria-label={`Remove time off from ${formatLocalDateTime(off.start, zone)}`}>
                  Remove
                </Button>
              </Group>
            ))}
          </Stack>
        </div>
      </SimpleGrid>
    </Stack>
  );
}
