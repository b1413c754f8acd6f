import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { useRevokeKey, type ApiKey, type Environment } from '../../api/developers.ts';
import { Dialog } from '../../components/Dialog.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { PasswordAgain } from '../../components/PasswordAgain.tsx';

/** Revoking stops every program using the key at once, so the key's name is typed to confirm. */
export function RevokeKeyDialog({ environment, apiKey, onClose }: { environment: Environment; apiKey: ApiKey; onClose: () => void }) {
  const { t } = useTranslation('developers');
  const [typed, setTyped] = useState('');
  const [password, setPassword] = useState('');
  const revoke = useRevokeKey(environment, apiKey.id);
  const matches = typed.trim() === apiKey.name;
  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (matches && password.length > 0) revoke.mutate(password, { onSuccess: onClose });
  }
  return (
    <Dialog opened onClose={onClose} title={t('revoke_key.title')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text>{t('revoke_key.body', { name: apiKey.name })}</Text>
          <ErrorAlert error={revoke.error} />
          <TextInput
            label={t('revoke_key.name')}
            description={t('type_to_confirm', { name: apiKey.name })}
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
            autoComplete="off"
            data-autofocus
          />
          <PasswordAgain value={password} onChange={setPassword} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" color="red.9" disabled={!matches || password.length === 0} loading={revoke.isPending}>
              {t('revoke_key.title')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
