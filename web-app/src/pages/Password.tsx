import { Button, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { webAuthContracts } from '@studio/shared/contracts/web-auth';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { call, type BodyOf } from '../api/call.ts';
import { fetchSession, sessionKey } from '../api/session.ts';
import { CenteredForm } from '../components/CenteredForm.tsx';
import { ErrorAlert } from '../components/ErrorAlert.tsx';
import { NewPasswordInput } from '../components/NewPasswordInput.tsx';

/**
 * An invitation or reset link (`/app/password#<id>.<secret>`): its holder chooses their own
 * password and is signed in. The secret is in the fragment, which no browser sends to a server.
 */
export function PasswordPage() {
  const { t } = useTranslation('accounts');
  const [link] = useState(() => decodeURIComponent(window.location.hash.replace(/^#/, '')));
  const [password, setPassword] = useState('');
  const client = useQueryClient();
  const navigate = useNavigate();
  const save = useMutation({
    mutationFn: (body: BodyOf<'webUsePasswordLink'>) => call(webAuthContracts.webUsePasswordLink, { body }),
    onSuccess: async () => {
      // Take the secret out of the address bar and history once used.
      window.history.replaceState(null, '', window.location.pathname);
      client.setQueryData(sessionKey, await fetchSession());
      void navigate('/', { replace: true });
    },
  });

  function submit(event: React.FormEvent) {
    event.preventDefault();
    save.mutate({ link, password });
  }

  return (
    <CenteredForm title={t('password_link.title')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {link ? null : <ErrorAlert error={new Error(t('password_link.missing'))} />}
          <ErrorAlert error={save.error} />
          <Text size="sm">{t('password_link.intro')}</Text>
          <NewPasswordInput value={password} onChange={setPassword} />
          <Button type="submit" loading={save.isPending} disabled={!link}>
            {t('password_link.submit')}
          </Button>
        </Stack>
      </form>
    </CenteredForm>
  );
}
