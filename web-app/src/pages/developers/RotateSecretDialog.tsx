import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useRotateSecret, type WebhookEndpoint } from '../../api/developers.ts';
import { Dialog } from '../../components/Dialog.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { SecretOnce } from './SecretOnce.tsx';
import { VerifyHint } from './VerifyHint.tsx';
import { PasswordAgain } from '../../components/PasswordAgain.tsx';

/** A new signing secret for an endpoint (a leaked one, a routine change), shown once. */
export function RotateSecretDialog({ endpoint, onClose }: { endpoint: WebhookEndpoint; onClose: () => void }) {
  const [password, setPassword] = useState('');
  const rotate = useRotateSecret(endpoint);
  const secret = rotate.data?.secret;
  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (password.length > 0) rotate.mutate(password, { onSuccess: () => setPassword('') });
  }
  return (
    <Dialog opened onClose={secret ? () => undefined : onClose} title="Rotate signing secret" size="xl" closeOnClickOutside={!secret} closeOnEscape={!secret} withCloseButton={!secret}>
      {secret ? (
        <SecretOnce label="Signing secret" secret={secret} notice="Copy the new signing secret now: it is not shown again." onDone={onClose}>
          <VerifyHint />
        </SecretOnce>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <Text>
              A new secret for <strong>{endpoint.url}</strong> (the current one ends with <code>{endpoint.secret_last4}</code>). For 24 hours, deliveries carry signatures from both the old and the new
              secret, so the receiver can switch without missing one.
            </Text>
            <ErrorAlert error={rotate.error} />
            <PasswordAgain value={password} onChange={setPassword} autoFocus />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" disabled={password.length === 0} loading={rotate.isPending}>
                Rotate secret
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Dialog>
  );
}
