import { Button, TextInput } from '@mantine/core';
import { webSetupContracts } from '@studio/shared/contracts/web-setup';
import { useState } from 'react';
import { useSignedIn } from '../../api/session.ts';
import type { Room } from '../../api/setup.ts';
import { useLocation } from '../../shell/location.ts';
import { SetupFrame } from './SetupFrame.tsx';
import { SetupFormDialog, SetupTable } from './SetupPieces.tsx';

/** Setup -> Rooms at the chosen location: the spaces services and classes take, so two bookings never share one. */
export function RoomsPage() {
  const session = useSignedIn();
  const [location] = useLocation(session);
  const [editing, setEditing] = useState<Room | 'new' | null>(null);
  return (
    <SetupFrame
      title="Rooms"
      intro={`The rooms at ${location.name}: a service or class that takes a room is never booked twice into it.`}
      action={<Button onClick={() => setEditing('new')}>Add room</Button>}
    >
      <SetupTable
        label="Rooms"
        list={webSetupContracts.webSetupRooms}
        query={{ location_id: location.id }}
        columns={[{ header: 'Name', strong: true, cell: (room) => room.name }]}
        action={{
          header: 'Actions',
          cell: (room) => (
            <Button size="xs" variant="default" onClick={() => setEditing(room)} aria-label={`Rename ${room.name}`}>
              Rename
            </Button>
          ),
        }}
        empty={`No rooms at ${location.name} yet.`}
      />
      {editing ? <RoomDialog room={editing === 'new' ? null : editing} locationId={location.id} onClose={() => setEditing(null)} /> : null}
    </SetupFrame>
  );
}

function RoomDialog({ room, locationId, onClose }: { room: Room | null; locationId: string; onClose: () => void }) {
  const [name, setName] = useState(room?.name ?? '');
  return (
    <SetupFormDialog
      writes={{ create: webSetupContracts.webCreateRoom, update: webSetupContracts.webRenameRoom, id: room?.id }}
      title={room ? `Rename ${room.name}` : 'Add room'}
      fields={['name']}
      submitLabel={room ? 'Save' : 'Add'}
      body={() => (room ? { name } : { location_id: locationId, name })}
      onClose={onClose}
    >
      {(fieldError) => <TextInput label="Room name" value={name} onChange={(event) => setName(event.currentTarget.value)} error={fieldError('name')} data-autofocus />}
    </SetupFormDialog>
  );
}
