import { Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { deviceKinds, type DeviceKind } from '@studio/shared/schemas/devices';
import { DeviceKeyCreate } from '@studio/shared/web-app';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateDeviceKey } from '../../api/devices.ts';
import { Dialog } from '../../components/Dialog.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { fieldErrors } from '../../format/form-errors.ts';
import { SecretOnce } from '../developers/SecretOnce.tsx';
import { PasswordAgain } from '../../components/PasswordAgain.tsx';

/**
 * Mints a device key for one agent at this location, as the Developers page mints an API key:
 * password again, the key shown once with Copy. Only this key reports the device's offline
 * check-ins, voids, desk scans and heartbeats; the agent's config must name the same device id.
 */
export function CreateDeviceKeyDialog({ locationId, locationName, onClose }: { locationId: string; locationName: string; onClose: () => void }) {
  const { t } = useTranslation('devices');
  const [deviceId, setDeviceId] = useState('');
  const [kind, setKind] = useState<DeviceKind>('turnstile');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateDeviceKey();
  const secret = create.data?.secret;

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = DeviceKeyCreate.safeParse({ location_id: locationId, device_id: deviceId, kind, password });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    create.mutate({ body: parsed.data }, { onSuccess: () => setPassword('') });
  }

  return (
    <Dialog opened onClose={secret ? () => undefined : onClose} title={t('create_key')} size="lg" closeOnClickOutside={!secret} closeOnEscape={!secret} withCloseButton={!secret}>
      {secret ? (
        <SecretOnce label={t('dialog.secret_label')} secret={secret} notice={t('dialog.secret_notice', { deviceId: deviceId.trim() })} onDone={onClose} />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <ErrorAlert error={create.error} />
            <Text size="sm">{t('dialog.for_location', { location: locationName })}</Text>
            <TextInput
              label={t('dialog.device_id')}
              description={t('dialog.device_id_hint')}
              value={deviceId}
              onChange={(e) => setDeviceId(e.currentTarget.value)}
              error={errors.device_id ? t('dialog.device_id_missing') : undefined}
              data-autofocus
            />
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {t('dialog.kind')}
              </Text>
              <SegmentedControl
                aria-label={t('dialog.kind')}
                value={kind}
                onChange={(value) => setKind(value as DeviceKind)}
                data={deviceKinds.map((value) => ({ value, label: t(`kind.${value}`) }))}
              />
            </Stack>
            <PasswordAgain value={password} onChange={setPassword} error={errors.password ? t('dialog.password_missing') : undefined} />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('dialog.cancel')}
              </Button>
              <Button type="submit" loading={create.isPending}>
                {t('create_key')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Dialog>
  );
}
