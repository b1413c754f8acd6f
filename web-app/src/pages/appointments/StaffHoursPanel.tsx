import { Button, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import type { AppointmentCalendar, StaffSchedule } from '@studio/shared/schemas/appointments-web';
import { Info } from 'luxon';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appointmentRequests, useAppointmentChange, useStaffSchedule } from '../../api/appointments.ts';
import { DateField } from '../../components/DateField.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { dayHeading, localToIso, parseSpansText, spansText, type Span } from '../../format/appointments.ts';
import { formatLocalDateTime } from '../../format/time.ts';
import { NoStaffHours } from '../../components/SetupLinks.tsx';

const weekdays = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
/** Weekday names as the locale writes them, Monday first (luxon's order, as `weekdays`). */
const weekdayLabels = (locale: string) => Object.fromEntries(Info.weekdays('long', { locale }).map((name, index) => [weekdays[index]!, name[0]!.toLocaleUpperCase(locale) + name.slice(1)]));

/** An owner's or manager's panel beside the calendar: a staff member's weekly hours, a date override and time off. */
export function StaffHoursPanel({ calendar, locale }: { calendar: AppointmentCalendar; locale: string }) {
  const { t } = useTranslation('appointments');
  const [staffId, setStaffId] = useState(calendar.staff[0]?.id ?? '');
  const schedule = useStaffSchedule(staffId, calendar.location_id);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="staff-hours-heading">
      <Stack>
        <Title order={2} id="staff-hours-heading">
          {t('hours.title')}
        </Title>
        {calendar.staff.length === 0 ? (
          <NoStaffHours />
        ) : (
          <>
            <NativeSelect
              label={t('hours.staff')}
              value={staffId}
              onChange={(event) => setStaffId(event.currentTarget.value)}
              data={calendar.staff.map((m) => ({ value: m.id, label: m.name }))}
              maw={320}
            />
            <ErrorAlert error={schedule.error} />
            {schedule.data ? <ScheduleForms key={`${staffId}:${schedule.dataUpdatedAt}`} schedule={schedule.data} zone={calendar.time_zone} locale={locale} /> : <Text>{t('hours.loading')}</Text>}
          </>
        )}
      </Stack>
    </Paper>
  );
}

function ScheduleForms({ schedule, zone, locale }: { schedule: StaffSchedule; zone: string; locale: string }) {
  const { t } = useTranslation('appointments');
  const dayNames = weekdayLabels(locale);
  const badSpan = (part: string) => t('hours.bad_span', { part });
  const location = schedule.location_id;
  const staff = schedule.staff_id;
  const [hours, setHours] = useState<Record<string, string>>(() => Object.fromEntries(weekdays.map((day) => [day, spansText(schedule.hours[day] ?? [])])));
  const [overrideDate, setOverrideDate] = useState('');
  const [overrideHours, setOverrideHours] = useState('');
  const [offFrom, setOffFrom] = useState('');
  const [offFromTime, setOffFromTime] = useState('');
  const [offUntil, setOffUntil] = useState('');
  const [offUntilTime, setOffUntilTime] = useState('');
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
      if ('badPart' in result) return setProblem(t('hours.day_problem', { day: dayNames[day], problem: badSpan(result.badPart) }));
      if (result.spans.length) parsed[day] = result.spans;
    }
    setProblem(null);
    saveHours.mutate(parsed);
  };
  const submitOverride = () => {
    const result = parseSpansText(overrideHours);
    if (!overrideDate) return setProblem(t('override.no_date'));
    if ('badPart' in result) return setProblem(t('override.hours_problem', { problem: badSpan(result.badPart) }));
    setProblem(null);
    saveOverride.mutate(result.spans);
  };
  const submitTimeOff = () => {
    const start = localToIso(offFrom, offFromTime, zone);
    const end = localToIso(offUntil, offUntilTime, zone);
    if (!start || !end) return setProblem(t('off.missing'));
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
      <ErrorAlert error={error} title={t('hours.not_saved')} />
      <div>
        <Title order={3} size="h5" mb={4}>
          {t('hours.weekly')}
        </Title>
        <Text size="sm" mb="xs">
          {t('hours.weekly_hint')}
        </Text>
        <SimpleGrid cols={{ base: 2, md: 4 }}>
          {weekdays.map((day) => (
            <TextInput key={day} label={dayNames[day]} value={hours[day]} onChange={(event) => setHours({ ...hours, [day]: event.currentTarget.value })} />
          ))}
        </SimpleGrid>
        <Group justify="flex-end" mt="xs">
          <Button onClick={submitHours} loading={saveHours.isPending}>
            {t('hours.save')}
          </Button>
        </Group>
      </div>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <div>
          <Title order={3} size="h5" mb={4}>
            {t('override.title')}
          </Title>
          <Stack gap="xs">
            <DateField locale={locale} label={t('override.date')} value={overrideDate} onChange={setOverrideDate} />
            <TextInput label={t('override.hours')} description={t('override.hours_hint')} value={overrideHours} onChange={(event) => setOverrideHours(event.currentTarget.value)} />
            <Group justify="flex-end">
              <Button onClick={submitOverride} loading={saveOverride.isPending}>
                {t('override.save')}
              </Button>
            </Group>
            {schedule.overrides.map((o) => (
              <Group key={o.date} justify="space-between" wrap="nowrap">
                <Text size="sm">{t('override.line', { day: dayHeading(o.date, locale), hours: o.day_off ? t('override.day_off') : spansText(o.spans) })}</Text>
                <Button size="compact-sm" variant="default" onClick={() => clearOverride.mutate(o.date)} aria-label={t('override.clear_label', { day: dayHeading(o.date, locale) })}>
                  {t('override.clear')}
                </Button>
              </Group>
            ))}
          </Stack>
        </div>
        <div>
          <Title order={3} size="h5" mb={4}>
            {t('off.title')}
          </Title>
          <Stack gap="xs">
            <Group grow>
              <DateField locale={locale} label={t('off.from')} value={offFrom} onChange={setOffFrom} />
              <TextInput type="time" label={t('off.from_time')} value={offFromTime} onChange={(event) => setOffFromTime(event.currentTarget.value)} />
            </Group>
            <Group grow>
              <DateField locale={locale} label={t('off.until')} value={offUntil} onChange={setOffUntil} />
              <TextInput type="time" label={t('off.until_time')} value={offUntilTime} onChange={(event) => setOffUntilTime(event.currentTarget.value)} />
            </Group>
            <TextInput label={t('off.reason')} description={t('off.reason_hint')} value={offReason} onChange={(event) => setOffReason(event.currentTarget.value)} />
            <Group justify="flex-end">
              <Button onClick={submitTimeOff} loading={addOff.isPending}>
                {t('off.add')}
              </Button>
            </Group>
            {schedule.time_off.map((off) => (
              <Group key={off.id} justify="space-between" wrap="nowrap">
                <Text size="sm">
                  {t(off.reason ? 'off.line_reason' : 'off.line', { from: formatLocalDateTime(off.start, zone, locale), until: formatLocalDateTime(off.end, zone, locale), reason: off.reason ?? '' })}
                </Text>
                <Button size="compact-sm" variant="default" onClick={() => removeOff.mutate(off.id)} aria-label={t('off.remove_label', { from: formatLocalDateTime(off.start, zone, locale) })}>
                  {t('off.remove')}
                </Button>
              </Group>
            ))}
          </Stack>
        </div>
      </SimpleGrid>
    </Stack>
  );
}
