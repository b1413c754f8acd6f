import { Button, Group, Stack, Text } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import { useState } from 'react';
import { useChangeEndpoint, type WebhookEndpoint } from '../../api/developers.ts';
import { Dialog } from '../../components/Dialog.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { PasswordAgain } from '../../components/PasswordAgain.tsx';

/** Disables or enables an endpoint, with the password again: whether events go out is an endpoint write like any other. */
export function ToggleEndpointDialog({ endpoint, onClose }: { endpoint: WebhookEndpoint; onClose: () => void }) {
  const { t } = useTranslation('developers');
  const [password, setPassword] = useState('');
  const change = useChangeEndpoint(endpoint);
  // As it was when opened: the answer flips `endpoint.enabled` before the dialog closes.
  const [disabling] = useState(endpoint.enabled);
  const action = disabling ? t('toggle_endpoint.disable') : t('toggle_endpoint.enable');
  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (password.length > 0) change.mutate({ enabled: !disabling, password }, { onSuccess: onClose });
  }
  return (
    <Dialog opened onClose={onClose} title={action}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text>
            <Trans t={t} i18nKey={disabling ? 'toggle_endpoint.disable_body' : 'toggle_endpoint.enable_body'} values={{ url: endpoint.url }} components={{ strong: <strong /> }} />
          </Text>
          <ErrorAlert error={change.error} />
          <PasswordAgain value={password} onChange={setPassword} autoFocus />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" disabled={password.length === 0} loading={change.isPending}>
              {action}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
