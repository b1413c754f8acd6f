import { Button, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import type { DeviceView } from '@studio/shared/schemas/devices';
import { useDevices } from '../api/devices.ts';
import { managesAccounts, useSignedIn } from '../api/session.ts';
import { useState } from 'react';
import { ErrorAlert } from '../components/ErrorAlert.tsx';
import { backlogWords, byAttention, cacheWords, componentWords, durationWords, stateLook } from '../format/devices.ts';
import { formatLocalDateTime, relativeTo } from '../format/time.ts';
import { useLocation } from '../shell/location.ts';
import { CreateDeviceKeyDialog } from './devices/CreateDeviceKeyDialog.tsx';

/** Every device agent that has reported at the location: last contact, state, health, backlog, cache. */
export function DevicesPage() {
  const session = useSignedIn();
  const [location] = useLocation(session);
  const { data, error, isPending } = useDevices(location.id);
  const [creating, setCreating] = useState(false);
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>Devices</Title>
        {managesAccounts(session) ? <Button onClick={() => setCreating(true)}>Create device key</Button> : null}
      </Group>
      {creating ? <CreateDeviceKeyDialog locationId={location.id} locationName={location.name} onClose={() => setCreating(false)} /> : null}
      <Text>
        Each gate, desk reader and kiosk agent reports every 30 seconds.{' '}
        {data ? `Online: heard from within ${durationWords(data.stale_after_s)}; stale: within ${durationWords(data.lost_after_s)}; lost: silent for longer.` : null}
      </Text>
      <ErrorAlert error={error} />
      {isPending ? (
        <Skeleton height={160} />
      ) : data && data.data.length === 0 ? (
        <Text>No agent has reported at {location.name} yet. An agent reports within 30 seconds of starting: check that its config names this location and that its device key is live.</Text>
      ) : data ? (
        <Table aria-label="Devices" striped verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Device</Table.Th>
              <Table.Th>State</Table.Th>
              <Table.Th>Last contact</Table.Th>
              <Table.Th>Health</Table.Th>
              <Table.Th>Offline backlog</Table.Th>
              <Table.Th>Cache age</Table.Th>
              <Table.Th>Last scan</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {byAttention(data.data).map((device) => (
              <DeviceRow key={device.device_id} device={device} asOf={new Date(data.as_of)} zone={location.time_zone} />
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
    </Stack>
  );
}

function When({ iso, asOf, zone, never }: { iso: string | null; asOf: Date; zone: string; never: string }) {
  if (iso === null) return <Text size="sm">{never}</Text>;
  return (
    <Text size="sm" title={formatLocalDateTime(iso, zone)}>
      {relativeTo(iso, asOf)}
    </Text>
  );
}

function DeviceRow({ device, asOf, zone }: { device: DeviceView; asOf: Date; zone: string }) {
  const look = stateLook[device.state];
  return (
    <Table.Tr data-device={device.device_id}>
      <Table.Td>
        <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
          {device.device_id}
        </Text>
        <Text size="sm">Version {device.agent_version}</Text>
        {device.kiosk ? (
          <Text size="sm">
            Kiosk{device.kiosk.reader ? ` with reader ${device.kiosk.reader}` : ''}: classes {device.kiosk.horizon_hours} h ahead, check-in from {device.kiosk.checkin_opens_min} min before
            {device.kiosk.offline ? '; offline' : ''}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        <Text component="span" fw={600} px="xs" py={4} style={{ color: look.color, background: look.background, borderRadius: 4, whiteSpace: 'nowrap' }}>
          <span aria-hidden>{look.icon} </span>
          {look.word}
        </Text>
      </Table.Td>
      <Table.Td>
        <When iso={device.last_contact_at} asOf={asOf} zone={zone} never="Never" />
      </Table.Td>
      <Table.Td>
        <Text size="sm" fw={600}>
          Agent {device.status}
        </Text>
        {device.devices.map((component) => (
          <Text size="sm" key={`${component.kind}-${component.id}`}>
            {componentWords(component)}
          </Text>
        ))}
      </Table.Td>
      <Table.Td>
        <Text size="sm">{backlogWords(device.outbox)}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{cacheWords(device.cache, device.silent_s)}</Text>
      </Table.Td>
      <Table.Td>
        <When iso={device.last_scan_at} asOf={asOf} zone={zone} never="No scan yet" />
      </Table.Td>
    </Table.Tr>
  );
}
