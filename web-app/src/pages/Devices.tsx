import { Button, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import type { DeviceView } from '@studio/shared/schemas/devices';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDevices } from '../api/devices.ts';
import { managesAccounts, useSignedIn } from '../api/session.ts';
import { ErrorAlert } from '../components/ErrorAlert.tsx';
import { backlogWords, byAttention, cacheWords, componentWords, durationWords, stateLook, type DevicesT } from '../format/devices.ts';
import { formatLocalDateTime, relativeTo } from '../format/time.ts';
import { around, slot, Unbroken } from '../i18n/around.tsx';
import { useLocale } from '../i18n/locale.ts';
import { useLocation } from '../shell/location.ts';
import { CreateDeviceKeyDialog } from './devices/CreateDeviceKeyDialog.tsx';

/** How the page writes times: the location's zone, in the staff member's language as the location's country writes it. */
interface Clock {
  asOf: Date;
  zone: string;
  locale: string;
}

/** Every device agent that has reported at the location: last contact, state, health, backlog, cache. */
export function DevicesPage() {
  const { t } = useTranslation('devices');
  const session = useSignedIn();
  const [location] = useLocation(session);
  const locale = useLocale(location);
  const { data, error, isPending } = useDevices(location.id);
  const [creating, setCreating] = useState(false);
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{t('title')}</Title>
        {managesAccounts(session) ? <Button onClick={() => setCreating(true)}>{t('create_key')}</Button> : null}
      </Group>
      {creating ? <CreateDeviceKeyDialog locationId={location.id} locationName={location.name} onClose={() => setCreating(false)} /> : null}
      <Text>
        {t('intro')} {data ? t('thresholds', { stale: durationWords(t, data.stale_after_s), lost: durationWords(t, data.lost_after_s) }) : null}
      </Text>
      <ErrorAlert error={error} />
      {isPending ? (
        <Skeleton height={160} />
      ) : data && data.data.length === 0 ? (
        <Text>{t('empty', { location: location.name })}</Text>
      ) : data ? (
        <Table aria-label={t('table')} striped verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('column.device')}</Table.Th>
              <Table.Th>{t('column.state')}</Table.Th>
              <Table.Th>{t('column.last_contact')}</Table.Th>
              <Table.Th>{t('column.health')}</Table.Th>
              <Table.Th>{t('column.backlog')}</Table.Th>
              <Table.Th>{t('column.cache')}</Table.Th>
              <Table.Th>{t('column.last_scan')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {byAttention(data.data).map((device) => (
              <DeviceRow key={device.device_id} t={t} device={device} clock={{ asOf: new Date(data.as_of), zone: location.time_zone, locale }} />
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
    </Stack>
  );
}

function When({ iso, clock, never }: { iso: string | null; clock: Clock; never: string }) {
  if (iso === null) return <Text size="sm">{never}</Text>;
  return (
    <Text size="sm" title={formatLocalDateTime(iso, clock.zone, clock.locale)}>
      {relativeTo(iso, clock.asOf, clock.locale)}
    </Text>
  );
}

function KioskWords({ t, kiosk }: { t: DevicesT; kiosk: NonNullable<DeviceView['kiosk']> }) {
  const values = { hours: kiosk.horizon_hours, minutes: kiosk.checkin_opens_min };
  return (
    <Text size="sm">
      {kiosk.reader ? t('kiosk_reader', { ...values, reader: kiosk.reader }) : t('kiosk', values)}
      {kiosk.offline ? `; ${t('kiosk_offline')}` : null}
    </Text>
  );
}

function DeviceRow({ t, device, clock }: { t: DevicesT; device: DeviceView; clock: Clock }) {
  const look = stateLook[device.state];
  return (
    <Table.Tr data-device={device.device_id}>
      <Table.Td>
        <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
          {device.device_id}
        </Text>
        <Text size="sm">{t('version', { version: device.agent_version })}</Text>
        {device.kiosk ? <KioskWords t={t} kiosk={device.kiosk} /> : null}
      </Table.Td>
      <Table.Td>
        <Text component="span" fw={600} px="xs" py={4} style={{ color: look.color, background: look.background, borderRadius: 4, whiteSpace: 'nowrap' }}>
          <span aria-hidden>{look.icon} </span>
          {t(`state.${device.state}`)}
        </Text>
      </Table.Td>
      <Table.Td>
        <When iso={device.last_contact_at} clock={clock} never={t('never')} />
      </Table.Td>
      <Table.Td>
        <Text size="sm" fw={600}>
          {t('agent', { status: device.status })}
        </Text>
        {device.devices.map((component) => (
          <Text size="sm" key={`${component.kind}-${component.id}`}>
            {around(componentWords(t, component, slot), <Unbroken>{component.id}</Unbroken>)}
          </Text>
        ))}
      </Table.Td>
      <Table.Td>
        <Text size="sm">{backlogWords(t, device.outbox)}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{cacheWords(t, device.cache, device.silent_s)}</Text>
      </Table.Td>
      <Table.Td>
        <When iso={device.last_scan_at} clock={clock} never={t('no_scan')} />
      </Table.Td>
    </Table.Tr>
  );
}
