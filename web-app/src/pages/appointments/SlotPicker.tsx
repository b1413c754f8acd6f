import { Button, Group, Text, TextInput } from '@mantine/core';
import { DateTime } from 'luxon';
import { useOpenSlots } from '../../api/appointments.ts';

/**
 * A local date, its open slots for the service and staff member (the server's availability, as
 * buttons), and the start time they fill in; a time may also be typed, and the server judges it.
 */
export function SlotPicker(props: {
  locationId: string;
  zone: string;
  serviceId: string;
  staffId: string;
  date: string;
  time: string;
  onDate: (date: string) => void;
  onTime: (time: string) => void;
}) {
  const { locationId, zone, serviceId, staffId, date, time } = props;
  const slots = useOpenSlots(serviceId && staffId ? { locationId, serviceId, staffId, date } : null);
  const local = (iso: string) => DateTime.fromISO(iso, { zone }).toFormat('HH:mm');
  return (
    <>
      <TextInput type="date" label="Date" value={date} onChange={(event) => props.onDate(event.currentTarget.value)} />
      <div>
        <Text size="sm" fw={500} id="open-slots-label">
          Open slots
        </Text>
        {!serviceId || !staffId ? (
          <Text size="sm">Choose a service and a staff member to see their open slots.</Text>
        ) : slots.isPending ? (
          <Text size="sm">Finding open slots…</Text>
        ) : slots.error ? (
          <Text size="sm" role="alert">
            {slots.error.message}
          </Text>
        ) : slots.data?.data.length ? (
          <Group gap={6} role="group" aria-labelledby="open-slots-label" mah={200} style={{ overflowY: 'auto' }}>
            {slots.data.data.map((slot) => (
              <Button
                key={slot.start}
                size="compact-sm"
                variant={local(slot.start) === time ? 'filled' : 'default'}
                aria-pressed={local(slot.start) === time}
                onClick={() => props.onTime(local(slot.start))}
              >
                {local(slot.start)}
              </Button>
            ))}
          </Group>
        ) : (
          <Text size="sm">No open slot that day: try another date or staff member.</Text>
        )}
      </div>
      <TextInput
        type="time"
        label="Start time"
        description="An open slot fills this in; a typed time is checked by the server"
        value={time}
        onChange={(event) => props.onTime(event.currentTarget.value)}
      />
    </>
  );
}
