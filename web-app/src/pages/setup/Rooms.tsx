import { Button, TextInput } from '@mantine/core';
import { webSetupContracts } from '@studio/shared/contracts/web-setup';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedIn } from '../../api/session.ts';
import type { Room } from '../../api/setup.ts';
import { useLocation } from '../../shell/location.ts';
import { SetupFrame } from './SetupFrame.tsx';
import { SetupFormDialog, SetupTable } from './SetupPieces.tsx';

/** Setup -> Rooms at the chosen location: the spaces services and classes take, so two bookings never share one. */
export function RoomsPage() {
  const { t } = useTranslation('setup');
  const session = useSignedIn();
  const [location] = useLocation(session);
  const [editing, setEditing] = useState<Room | 'new' | null>(null);
  return (
    <SetupFrame title={t('rooms.title')} intro={t('rooms.intro', { location: location.name })} action={<Button onClick={() => setEditing('new')}>{t('rooms.add')}</Button>}>
      <SetupTable
        label={t('rooms.title')}
        list={webSetupContracts.webSetupRooms}
        query={{ location_id: location.id }}
        columns={[{ header: t('name'), strong: true, cell: (room) => room.name }]}
        action={{
          header: t('actions'),
          cell: (room) => (
            <Button size="xs" variant="default" onClick={() => setEditing(room)} aria-label={t('rooms.rename_named', { name: room.name })}>
              {t('rooms.rename')}
            </Button>
          ),
        }}
        empty={t('rooms.empty', { location: location.name })}
      />
      {editing ? <RoomDialog room={editing === 'new' ? null : editing} locationId={location.id} onClose={() => setEditing(null)} /> : null}
    </SetupFrame>
  );
}

function RoomDialog({ room, locationId, onClose }: { room: Room | null; locationId: string; onClose: () => void }) {
  const { t } = useTranslation('setup');
  const [name, setName] = useState(room?.name ?? '');
  return (
    <SetupFormDialog
      writes={{ create: webSetupContracts.webCreateRoom, update: webSetupContracts.webRenameRoom, id: room?.id }}
      title={room ? t('rooms.rename_named', { name: room.name }) : t('rooms.add')}
      fields={['name']}
      submitLabel={room ? t('save') : t('add')}
      body={() => (room ? { name } : { location_id: locationId, name })}
      onClose={onClose}
    >
      {(fieldError) => <TextInput label={t('rooms.name')} value={name} onChange={(event) => setName(event.currentTarget.value)} error={fieldError('name')} data-autofocus />}
    </SetupFormDialog>
  );
}
