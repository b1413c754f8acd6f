import { Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import { useState } from 'react';
import { useDeleteEndpoint, type WebhookEndpoint } from '../../api/developers.ts';
import { Dialog } from '../../components/Dialog.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { PasswordAgain } from '../../components/PasswordAgain.tsx';

/** Deleting stops deliveries at once, waiting retries included, and cannot be undone: confirmed twice. */
export function DeleteEndpointDialog({ endpoint, onClose, onDeleted }: { endpoint: WebhookEndpoint; onClose: () => void; onDeleted: () => void }) {
  const { t } = useTranslation('developers');
  const [password, setPassword] = useState('');
  const [sure, setSure] = useState(false);
  const remove = useDeleteEndpoint(endpoint);
  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (sure && password.length > 0) remove.mutate(password, { onSuccess: onDeleted });
  }
  return (
    <Dialog opened onClose={onClose} title={t('delete_endpoint.title')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text>
            <Trans t={t} i18nKey="delete_endpoint.body" values={{ url: endpoint.url }} components={{ strong: <strong /> }} />
          </Text>
          <ErrorAlert error={remove.error} />
          <Checkbox label={t('delete_endpoint.confirm')} checked={sure} onChange={(e) => setSure(e.currentTarget.checked)} data-autofocus />
          <PasswordAgain value={password} onChange={setPassword} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" color="red.9" disabled={!sure || password.length === 0} loading={remove.isPending}>
              {t('delete_endpoint.title')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
