import { Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { deviceKinds, type DeviceKind } from '@studio/shared/schemas/devices';
import { DeviceKeyCreate } from '@studio/shared/web-app';
import { useState } from 'react';
import { useCreateDeviceKey } from '../../api/devices.ts';
import { Dialog } from '../../components/Dialog.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { fieldErrors } from '../../format/form-errors.ts';
import { SecretOnce } from '../developers/SecretOnce.tsx';
import { PasswordAgain } from '../../components/PasswordAgain.tsx';

const kindWords: Record<DeviceKind, string> = { turnstile: 'Turnstile', kiosk: 'Kiosk', desk_reader: 'Desk reader' };

/**
 * Mints a device key for one agent at this location, as the Developers page mints an API key:
 * password again, the key shown once with Copy. Only this key reports the device's offline
 * check-ins, voids, desk scans and heartbeats; the agent's config must name the same device id.
 */
export function CreateDeviceKeyDialog({ locationId, locationName, onClose }: { locationId: string; locationName: string; onClose: () => void }) {
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
    <Dialog opened onClose={secret ? () => undefined : onClose} title="Create device key" size="lg" closeOnClickOutside={!secret} closeOnEscape={!secret} withCloseButton={!secret}>
      {secret ? (
        <SecretOnce
          label="Device key"
          secret={secret}
          notice={`Copy the key now into the agent's config (server.api_key, with device_id "${deviceId.trim()}"): it is not shown again.`}
          onDone={onClose}
        />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <ErrorAlert error={create.error} />
            <Text size="sm">For one agent at {locationName}. Only its key may report that device's offline check-ins, voids, desk scans and heartbeats.</Text>
            <TextInput
              label="Device id"
              description="The agent config's device_id, e.g. north-gate"
              value={deviceId}
              onChange={(e) => setDeviceId(e.currentTarget.value)}
              error={errors.device_id ? 'Enter the device id from the agent config.' : undefined}
              data-autofocus
            />
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                Kind
              </Text>
              <SegmentedControl aria-label="Kind" value={kind} onChange={(value) => setKind(value as DeviceKind)} data={deviceKinds.map((value) => ({ value, label: kindWords[value] }))} />
            </Stack>
            <PasswordAgain value={password} onChange={setPassword} error={errors.password ? 'Enter your password.' : undefined} />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={create.isPending}>
                Create device key
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Dialog>
  );
}
