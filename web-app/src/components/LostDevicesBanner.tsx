import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useDevices } from '../api/devices.ts';
import { formatLocalTime } from '../format/time.ts';

/** On Today: an agent at the location has been silent past the lost threshold. Nothing otherwise. */
export function LostDevicesBanner({ locationId, zone }: { locationId: string; zone: string }) {
  const { data } = useDevices(locationId);
  const lost = data?.data.filter((device) => device.state === 'lost') ?? [];
  if (lost.length === 0) return null;
  return (
    <Text role="alert" fw={600} p="sm" style={{ color: '#7f1d1d', background: '#fee2e2', borderRadius: 4 }}>
      {lost.map((device) => `${device.device_id} has not reported since ${formatLocalTime(device.last_contact_at, zone)}`).join('; ')}: check its power and network.{' '}
      <Anchor component={Link} to="/devices" fw={600} c="#7f1d1d" td="underline">
        Open Devices
      </Anchor>
    </Text>
  );
}
