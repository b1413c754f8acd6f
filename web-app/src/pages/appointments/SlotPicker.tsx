import { Button, Group, Text, TextInput } from '@mantine/core';
import { DateTime } from 'luxon';
import { useTranslation } from 'react-i18next';
import { useOpenSlots } from '../../api/appointments.ts';
import { DateField } from '../../components/DateField.tsx';

/**
 * A local date, its open slots for the service and staff member (the server's availability, as
 * buttons), and the start time they fill in; a time may also be typed, and the server judges it.
 */
export function SlotPicker(props: {
  locationId: string;
  zone: string;
  serviceId: string;
  staffId: string;
  /** The page's Intl locale, for the date field. */
  locale: string;
  date: string;
  time: string;
  onDate: (date: string) => void;
  onTime: (time: string) => void;
}) {
  const { locationId, zone, serviceId, staffId, date, time } = props;
  const { t } = useTranslation('appointments');
  const slots = useOpenSlots(serviceId && staffId ? { locationId, serviceId, staffId, date } : null);
  const local = (iso: string) => DateTime.fromISO(iso, { zone }).toFormat('HH:mm');
  return (
    <>
      <DateField locale={props.locale} label={t('date')} value={date} onChange={props.onDate} />
      <div>
        <Text size="sm" fw={500} id="open-slots-label">
          {t('slots.open')}
        </Text>
        {!serviceId || !staffId ? (
          <Text size="sm">{t('slots.choose')}</Text>
        ) : slots.isPending ? (
          <Text size="sm">{t('slots.finding')}</Text>
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
          <Text size="sm">{t('slots.none')}</Text>
        )}
      </div>
      <TextInput type="time" label={t('slots.start')} description={t('slots.start_hint')} value={time} onChange={(event) => props.onTime(event.currentTarget.value)} />
    </>
  );
}
