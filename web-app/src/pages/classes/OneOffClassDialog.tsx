import { Button, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useClassMutation, useTimetableOptions } from '../../api/classes.ts';
import { call } from '../../api/call.ts';
import { useSignedIn } from '../../api/session.ts';
import { DateField } from '../../components/DateField.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { useLocale } from '../../i18n/locale.ts';
import { useLocation } from '../../shell/location.ts';
import { orNull, PlacementFields, type Placement } from './PlacementFields.tsx';
import { webClassesContracts } from '@studio/shared/contracts/web-classes';
import { NoClassService } from '../../components/SetupLinks.tsx';

/** A class outside any series: its date and time are the location's wall time. */
export function OneOffClassDialog({ opened, onClose, locationId }: { opened: boolean; onClose: () => void; locationId: string }) {
  const { t } = useTranslation('classes');
  const [location] = useLocation(useSignedIn());
  const locale = useLocale(location);
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
    <Dialog opened={opened} onClose={onClose} title={t('new_class')} size="md">
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
          <DateField locale={locale} label={t('form.date')} value={date} onChange={setDate} />
          <TextInput label={t('form.start_time')} description={t('form.local_time')} type="time" value={time} onChange={(event) => setTime(event.currentTarget.value)} />
          <NumberInput label={t('form.capacity')} min={1} max={1000} value={capacity} onChange={setCapacity} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('form.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending} disabled={!placement.service_id || !date || !time}>
              {t('form.create_class')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
