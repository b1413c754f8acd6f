import { Button, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { webAuthContracts } from '@studio/shared/contracts/web-auth';
import type { StaffSessionView } from '@studio/shared/web-app';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { invalidateContracts, useContractMutation } from '../../api/call.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { NewPasswordInput } from '../../components/NewPasswordInput.tsx';

/**
 * The signed-in person changes their own password: the current one first (wrong tries count as
 * "password again" does), then a new one judged while typed; every other session then ends.
 */
export function ChangePassword({ session }: { session: StaffSessionView }) {
  const { t } = useTranslation('accounts');
  const client = useQueryClient();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [ended, setEnded] = useState<number | null>(null);
  const change = useContractMutation(webAuthContracts.webChangeOwnPassword, {
    onSuccess: async (result) => {
      setCurrent('');
      setNext('');
      setEnded(result.other_sessions_ended);
      await invalidateContracts(client, [webAuthContracts.webListSessions]);
    },
  });
  function submit(event: React.FormEvent) {
    event.preventDefault();
    setEnded(null);
    change.mutate({ body: { current_password: current, new_password: next } });
  }
  return (
    <section aria-labelledby="change-password">
      <Title order={2} size="h3" id="change-password" mb="xs">
        {t('change.title')}
      </Title>
      <form onSubmit={submit} noValidate>
        <Stack maw={420}>
          <ErrorAlert error={change.error} />
          {ended !== null ? (
            <Text role="status" c="#14532d">
              {t('change.done', { count: ended })}
            </Text>
          ) : null}
          <PasswordInput label={t('change.current')} autoComplete="current-password" withAsterisk={false} required value={current} onChange={(event) => setCurrent(event.currentTarget.value)} />
          <NewPasswordInput value={next} onChange={setNext} words={[session.account.email, session.account.display_name, session.company.name]} />
          <Text size="sm">{t('change.note')}</Text>
          <Group>
            <Button type="submit" loading={change.isPending} disabled={current === '' || next === ''}>
              {t('change.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </section>
  );
}
