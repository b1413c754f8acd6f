import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { webPassesContracts } from '@studio/shared/contracts/web-passes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, invalidateContracts, useContractQuery } from '../../api/call.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { formatLocalDateTime } from '../../format/time.ts';

/**
 * The member's phone pass (docs/phone-pass.md): whether they opened it in the members' app, an
 * email with the way to it, and revoking it (a lost phone, a shared pass). The pass's code is never
 * shown here: it opens the doors as the member, and a member at the desk is checked in from this page.
 */
export function PassSection({ contactId, zone, locale }: { contactId: string; zone: string; locale: string }) {
  const { t } = useTranslation('profile');
  const client = useQueryClient();
  const status = useContractQuery(webPassesContracts.webMemberPass, { params: { id: contactId } });
  const [confirming, setConfirming] = useState(false);
  const refresh = () => invalidateContracts(client, [webPassesContracts.webMemberPass]);
  const send = useMutation({ mutationFn: () => call(webPassesContracts.webSendMemberPass, { params: { id: contactId } }) });
  const revoke = useMutation({ mutationFn: () => call(webPassesContracts.webRevokeMemberPass, { params: { id: contactId } }), onSuccess: refresh });
  const pass = status.data;
  const when = (iso: string) => formatLocalDateTime(iso, zone, locale);

  return (
    <section aria-labelledby="section-pass">
      <Title order={2} size="h3" id="section-pass" mb="xs">
        {t('pass.title')}
      </Title>
      <Stack gap="xs">
        {status.error ? <ErrorAlert error={status.error} /> : null}
        {pass ? <Text>{pass.opened_at ? t('pass.opened', { when: when(pass.opened_at) }) : t('pass.never_opened')}</Text> : null}
        {pass?.revoked_at ? <Text c="dimmed">{t('pass.revoked_at', { when: when(pass.revoked_at) })}</Text> : null}
        <Group gap="xs">
          <Button variant="default" loading={send.isPending} onClick={() => send.mutate()}>
            {t('pass.send')}
          </Button>
          {confirming ? (
            <>
              <Button color="red" loading={revoke.isPending} onClick={() => revoke.mutate(undefined, { onSettled: () => setConfirming(false) })}>
                {t('pass.revoke_confirm')}
              </Button>
              <Button variant="subtle" onClick={() => setConfirming(false)}>
                {t('pass.keep')}
              </Button>
            </>
          ) : (
            <Button variant="default" color="red" onClick={() => setConfirming(true)}>
              {t('pass.revoke')}
            </Button>
          )}
        </Group>
        {confirming ? <Text size="sm">{t('pass.revoke_explained')}</Text> : null}
        {send.isSuccess ? <Alert color="green">{t('pass.sent')}</Alert> : null}
        {revoke.isSuccess ? <Alert color="green">{t('pass.revoked')}</Alert> : null}
        {send.error ? <ErrorAlert error={send.error} /> : null}
        {revoke.error ? <ErrorAlert error={revoke.error} /> : null}
      </Stack>
    </section>
  );
}
