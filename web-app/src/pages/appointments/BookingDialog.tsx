import { Button, Divider, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import type { AppointmentCalendar, CalendarBooking } from '@studio/shared/schemas/appointments-web';
import { useState } from 'react';
import { appointmentRequests, useAppointmentChange } from '../../api/appointments.ts';
import { Dialog } from '../../components/Dialog.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { dayHeading, localDateOf, localToIso, statusLabel, timeRange } from '../../format/appointments.ts';
import { SlotPicker } from './SlotPicker.tsx';

/**
 * A booking's page in a dialog: who, what, when and its status in words; to move it (open slots of
 * the same service and staff member), cancel it (the server flags a late one), or record how it
 * went once it has started. Each shows the server's answer, never a guess.
 */
export function BookingDialog({ booking, calendar, onClose }: { booking: CalendarBooking; calendar: AppointmentCalendar; onClose: () => void }) {
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
    <Dialog opened onClose={onClose} title="Booking" size="lg">
      <Stack>
        <div>
          <Text fw={700}>
            {current.contact_name}: {current.service_name}
          </Text>
          <Text>
            {dayHeading(localDateOf(current.start, zone))}, {timeRange(current.start, current.end, zone)} with {current.staff_name}
            {current.room_name ? ` in ${current.room_name}` : ''}
          </Text>
          <Text>
            Status: <strong>{statusLabel(current)}</strong>
          </Text>
        </div>
        <ErrorAlert error={error} title="Not changed" />
        {current.status === 'booked' ? (
          <>
            <Divider />
            <Title order={2} size="h4">
              Reschedule
            </Title>
            <SlotPicker locationId={calendar.location_id} zone={zone} serviceId={current.service_id} staffId={current.staff_id} date={day} time={time} onDate={setDay} onTime={setTime} />
            <Group justify="flex-end">
              <Button onClick={move} loading={reschedule.isPending} disabled={!localToIso(day, time, zone)}>
                Move booking
              </Button>
            </Group>
            <Divider />
            <Title order={2} size="h4">
              Cancel
            </Title>
            <TextInput label="Reason for cancelling" description="Optional; kept with the booking" value={reason} onChange={(event) => setReason(event.currentTarget.value)} />
            <Group justify="flex-end">
              <Button color="red.9" onClick={() => cancel.mutate(undefined, { onSuccess: (cancelled) => setCurrent(cancelled) })} loading={cancel.isPending}>
                Cancel booking
              </Button>
            </Group>
          </>
        ) : null}
        {current.status !== 'cancelled' ? (
          <>
            <Divider />
            <Title order={2} size="h4">
              How it went
            </Title>
            {started ? (
              <Group>
                <Button
                  variant="default"
                  disabled={current.status === 'completed'}
                  loading={outcome.isPending && outcome.variables === 'completed'}
                  onClick={() => outcome.mutate('completed', { onSuccess: setCurrent })}
                >
                  Mark completed
                </Button>
                <Button
                  variant="default"
                  disabled={current.status === 'no_show'}
                  loading={outcome.isPending && outcome.variables === 'no_show'}
                  onClick={() => outcome.mutate('no_show', { onSuccess: setCurrent })}
                >
                  Mark no-show
                </Button>
              </Group>
            ) : (
              <Text size="sm">Completed or no-show can be recorded once the booking has started.</Text>
            )}
          </>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
