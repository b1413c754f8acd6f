import { Anchor, Text } from '@mantine/core';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDevices } from '../api/devices.ts';
import { formatLocalTime } from '../format/time.ts';
import { around, slot, Unbroken } from '../i18n/around.tsx';
import { useLocale } from '../i18n/locale.ts';
import type { SessionLocation } from '@studio/shared/web-app';

/**
 * On Today: an agent at the location has been silent past the lost threshold. Nothing otherwise.
 * A device id never breaks at its hyphen ("north-" over "turnstile") on a narrow desk screen.
 */
export function LostDevicesBanner({ location }: { location: SessionLocation }) {
  const { t } = useTranslation();
  const locale = useLocale(location);
  const zone = location.time_zone;
  const { data } = useDevices(location.id);
  const lost = data?.data.filter((device) => device.state === 'lost') ?? [];
  if (lost.length === 0) return null;
  const devices = lost.map((device, index) => (
    <Fragment key={device.device_id}>
      {index > 0 ? '; ' : null}
      {around(t('lost_devices.one', { device: slot, time: formatLocalTime(device.last_contact_at, zone, locale) }), <Unbroken>{device.device_id}</Unbroken>)}
    </Fragment>
  ));
  return (
    <Text role="alert" fw={600} p="sm" style={{ color: '#7f1d1d', background: '#fee2e2', borderRadius: 4 }}>
      {around(t('lost_devices.banner', { devices: slot }), devices)}{' '}
      <Anchor component={Link} to="/devices" fw={600} c="#7f1d1d" td="underline">
        {t('lost_devices.open')}
      </Anchor>
    </Text>
  );
}
