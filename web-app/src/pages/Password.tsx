import { Button, Stack, Text } from '@mantine/core';
import { webAuthContracts } from '@studio/shared/contracts/web-auth';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, type BodyOf } from '../api/call.ts';
import { useLinkSecret, useLinkSignIn } from '../api/link-sign-in.ts';
import { CenteredForm } from '../components/CenteredForm.tsx';
import { ErrorAlert } from '../components/ErrorAlert.tsx';
import { NewPasswordInput } from '../components/NewPasswordInput.tsx';

/**
 * An invitation or reset link (`/app/password#<id>.<secret>`): its holder chooses their own
 * password and is signed in. The secret is in the fragment, which no browser sends to a server.
 */
export function PasswordPage() {
  const { t } = useTranslation('accounts');
  const link = useLinkSecret();
  const [password, setPassword] = useState('');
  const save = useLinkSignIn((body: BodyOf<'webUsePasswordLink'>) => call(webAuthContracts.webUsePasswordLink, { body }));

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
