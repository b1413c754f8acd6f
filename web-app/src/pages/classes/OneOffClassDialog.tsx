import { Button, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useClassMutation, useTimetableOptions } from '../../api/classes.ts';
import { call } from '../../api/call.ts';
import { Dialog } from '../../components/Dialog.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { orNull, PlacementFields, type Placement } from './PlacementFields.tsx';
import { webClassesContracts } from '@studio/shared/contracts/web-classes';
import { NoClassService } from '../../components/SetupLinks.tsx';

/** A class outside any series: its date and time are the location's wall time. */
export function OneOffClassDialog({ opened, onClose, locationId }: { opened: boolean; onClose: () => void; locationId: string }) {
  const { data: options, error } = useTimetableOptions(locationId);
  const [placement, setPlacement] = useState<Placement>({ service_id: '', staff_id: '', room_id: '' });
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [capacity, setCapacity] = useState<number | string>(12);
  const navigate = useNavigate();
  const create = useClassMutation(
    () =>
      call(webClassesContracts.webCreateClass, {
        body: {
          location_id: locationId,
          service_id: placement.service_id,
          staff_id: orNull(placement.staff_id),
          room_id: orNull(placement.room_id),
          start: `${date}T${time}`,
          capacity: Number(capacity),
        },
      }),
    (cls) => {
      onClose();
      void navigate(`/classes/${cls.id}`);
    },
  );
  return (
    <Dialog opened={opened} onClose={onClose} title="New class" size="md">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate(undefined);
        }}
      >
        <Stack>
          <ErrorAlert error={error ?? create.error} />
          {options && options.services.length === 0 ? <NoClassService /> : null}
          {options ? <PlacementFields options={options} value={placement} onChange={setPlacement} /> : null}
          <TextInput label="Date" type="date" value={date} onChange={(event) => setDate(event.currentTarget.value)} />
          <TextInput label="Start time" description="The location's local time" type="time" value={time} onChange={(event) => setTime(event.currentTarget.value)} />
          <NumberInput label="Capacity" min={1} max={1000} value={capacity} onChange={setCapacity} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending} disabled={!placement.service_id || !date || !time}>
              Create class
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
