import { Button, Group, Stack, Table, TextInput } from '@mantine/core';
import { contracts } from '@studio/shared/contracts';
import { useState } from 'react';
import { useSignedIn } from '../../api/session.ts';
import { useSetupRooms, useSetupSave, type Room } from '../../api/setup.ts';
import { Dialog } from '../../components/Dialog.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { useLocation } from '../../shell/location.ts';
import { errorFor, formError, SetupFrame } from './SetupFrame.tsx';

/** Setup -> Rooms at the chosen location: the spaces services and classes take, so two bookings never share one. */
export function RoomsPage() {
  const session = useSignedIn();
  const [location] = useLocation(session);
  const rooms = useSetupRooms(location.id);
  const [editing, setEditing] = useState<Room | 'new' | null>(null);
  return (
    <SetupFrame
      title="Rooms"
      intro={`The rooms at ${location.name}: a service or class that takes a room is never booked twice into it.`}
      action={<Button onClick={() => setEditing('new')}>Add room</Button>}
    >
      <ErrorAlert error={rooms.error} />
      <Table aria-label="Rooms" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(rooms.data?.data ?? []).map((room) => (
            <Table.Tr key={room.id}>
              <Table.Td fw={600}>{room.name}</Table.Td>
              <Table.Td>
                <Button size="xs" variant="default" onClick={() => setEditing(room)} aria-label={`Rename ${room.name}`}>
                  Rename
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {rooms.isSuccess && rooms.data.data.length === 0 ? <p>No rooms at {location.name} yet.</p> : null}
      {editing ? <RoomDialog room={editing === 'new' ? null : editing} locationId={location.id} onClose={() => setEditing(null)} /> : null}
    </SetupFrame>
  );
}

function RoomDialog({ room, locationId, onClose }: { room: Room | null; locationId: string; onClose: () => void }) {
  const [name, setName] = useState(room?.name ?? '');
  const save = useSetupSave({ create: contracts.webCreateRoom, update: contracts.webRenameRoom, id: room?.id });
  function submit(event: React.FormEvent) {
    event.preventDefault();
    save.mutate(room ? { name } : { location_id: locationId, name }, { onSuccess: onClose });
  }
  return (
    <Dialog opened onClose={onClose} title={room ? `Rename ${room.name}` : 'Add room'}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <ErrorAlert error={formError(save.error, ['name'])} />
          <TextInput label="Room name" value={name} onChange={(event) => setName(event.currentTarget.value)} error={errorFor(save.error, 'name')} data-autofocus />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {room ? 'Save' : 'Add'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
