import { Button, Divider, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import type { AppointmentCalendar, CalendarBooking } from '@studio/shared/schemas/appointments-web';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appointmentRequests, useAppointmentChange } from '../../api/appointments.ts';
import { Dialog } from '../../components/Dialog.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { dayHeading, localDateOf, localToIso, statusKey, timeRange } from '../../format/appointments.ts';
import { SlotPicker } from './SlotPicker.tsx';

/**
 * A booking's page in a dialog: who, what, when and its status in words; to move it (open slots of
 * the same service and staff member), cancel it (the server flags a late one), or record how it
 * went once it has started. Each shows the server's answer, never a guess.
 */
export function BookingDialog({ booking, calendar, locale, onClose }: { booking: CalendarBooking; calendar: AppointmentCalendar; locale: string; onClose: () => void }) {
  const { t } = useTranslation('appointments');
  const zone = calendar.time_zone;
  const [day, setDay] = useState(localDateOf(booking.start, zone));
  const [time, setTime] = useState('');
  const [reason, setReason] = useState('');
  const [current, setCurrent] = useState(booking);
  const reschedule = useAppointmentChange((start: string) => appointmentRequests.reschedule(booking.id, start));
  const cancel = useAppointmentChange(() => appointmentRequests.cancel(booking.id, reason));
  const outcome = useAppointmentChange((status: 'completed' | 'no_show') => appointmentRequests.outcome(booking.id, status));
  const started = Date.parse(current.start) <= Date.now();
  const error = reschedule.error ?? cancel.error ?? outcome.error;
  const move = () => {
    const start = localToIso(day, time, zone);
    if (start) reschedule.mutate(start, { onSuccess: (moved) => setCurrent(moved) });
  };

  return (
    <Dialog opened onClose={onClose} title={t('booking.title')} size="lg">
      <Stack>
        <div>
          <Text fw={700}>{t('booking.what', { client: current.contact_name, service: current.service_name })}</Text>
          <Text>
            {t(current.room_name ? 'booking.when_room' : 'booking.when', {
              day: dayHeading(localDateOf(current.start, zone), locale),
              time: timeRange(current.start, current.end, zone),
              staff: current.staff_name,
              room: current.room_name ?? '',
            })}
          </Text>
          <Text>
            {t('booking.status')} <strong>{t(statusKey(current))}</strong>
          </Text>
        </div>
        <ErrorAlert error={error} title={t('booking.not_changed')} />
        {current.status === 'booked' ? (
          <>
            <Divider />
            <Title order={2} size="h4">
              {t('booking.reschedule')}
            </Title>
            <SlotPicker
              locationId={calendar.location_id}
              zone={zone}
              serviceId={current.service_id}
              staffId={current.staff_id}
              locale={locale}
              date={day}
              time={time}
              onDate={setDay}
              onTime={setTime}
            />
            <Group justify="flex-end">
              <Button onClick={move} loading={reschedule.isPending} disabled={!localToIso(day, time, zone)}>
                {t('booking.move')}
              </Button>
            </Group>
            <Divider />
            <Title order={2} size="h4">
              {t('booking.cancel_title')}
            </Title>
            <TextInput label={t('booking.reason')} description={t('booking.reason_hint')} value={reason} onChange={(event) => setReason(event.currentTarget.value)} />
            <Group justify="flex-end">
              <Button color="red.9" onClick={() => cancel.mutate(undefined, { onSuccess: (cancelled) => setCurrent(cancelled) })} loading={cancel.isPending}>
                {t('booking.cancel')}
              </Button>
            </Group>
          </>
        ) : null}
        {current.status !== 'cancelled' ? (
          <>
            <Divider />
            <Title order={2} size="h4">
              {t('booking.outcome')}
            </Title>
            {started ? (
              <Group>
                <Button
                  variant="default"
                  disabled={current.status === 'completed'}
                  loading={outcome.isPending && outcome.variables === 'completed'}
                  onClick={() => outcome.mutate('completed', { onSuccess: setCurrent })}
                >
                  {t('booking.mark_completed')}
                </Button>
                <Button
                  variant="default"
                  disabled={current.status === 'no_show'}
                  loading={outcome.isPending && outcome.variables === 'no_show'}
                  onClick={() => outcome.mutate('no_show', { onSuccess: setCurrent })}
                >
                  {t('booking.mark_no_show')}
                </Button>
              </Group>
            ) : (
              <Text size="sm">{t('booking.outcome_later')}</Text>
            )}
          </>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('close')}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
