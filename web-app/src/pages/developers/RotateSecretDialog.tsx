import { Button, Group, Stack, Text } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import { useState } from 'react';
import { useRotateSecret, type WebhookEndpoint } from '../../api/developers.ts';
import { Dialog } from '../../components/Dialog.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { SecretOnce } from './SecretOnce.tsx';
import { VerifyHint } from './VerifyHint.tsx';
import { PasswordAgain } from '../../components/PasswordAgain.tsx';

/** A new signing secret for an endpoint (a leaked one, a routine change), shown once. */
export function RotateSecretDialog({ endpoint, onClose }: { endpoint: WebhookEndpoint; onClose: () => void }) {
  const { t } = useTranslation('developers');
  const [password, setPassword] = useState('');
  const rotate = useRotateSecret(endpoint);
  const secret = rotate.data?.secret;
  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (password.length > 0) rotate.mutate(password, { onSuccess: () => setPassword('') });
  }
  return (
    <Dialog opened onClose={secret ? () => undefined : onClose} title={t('rotate_secret.title')} size="xl" closeOnClickOutside={!secret} closeOnEscape={!secret} withCloseButton={!secret}>
      {secret ? (
        <SecretOnce label={t('add_endpoint.secret_label')} secret={secret} notice={t('rotate_secret.notice')} onDone={onClose}>
          <VerifyHint />
        </SecretOnce>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <Text>
              <Trans t={t} i18nKey="rotate_secret.body" values={{ url: endpoint.url, last4: endpoint.secret_last4 }} components={{ strong: <strong />, code: <code /> }} />
            </Text>
            <ErrorAlert error={rotate.error} />
            <PasswordAgain value={password} onChange={setPassword} autoFocus />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('cancel')}
              </Button>
              <Button type="submit" disabled={password.length === 0} loading={rotate.isPending}>
                {t('rotate_secret.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Dialog>
  );
}
