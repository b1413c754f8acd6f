import { Button, Group, Table, Text, Title } from '@mantine/core';
import { webMemberSessionsContracts } from '@studio/shared/contracts/member-auth';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { contractKey, useContractMutation, useContractQuery } from '../../api/call.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { formatLocalDateTime } from '../../format/time.ts';

/**
 * The member's open sessions in the members' app, one per device, with an End button each and one
 * to sign out of every device (a lost phone). The list is read again after each end.
 */
export function AppSessionsSection({ contactId, zone, locale }: { contactId: string; zone: string; locale: string }) {
  const { t } = useTranslation('messages');
  const client = useQueryClient();
  const input = { params: { id: contactId } };
  const { data, error } = useContractQuery(webMemberSessionsContracts.webMemberSessions, input);
  const end = useContractMutation(webMemberSessionsContracts.webEndMemberSessions, {
    onSuccess: () => client.invalidateQueries({ queryKey: contractKey(webMemberSessionsContracts.webMemberSessions, input) }),
  });
  const sessions = data?.data ?? [];
  const when = (iso: string) => formatLocalDateTime(iso, zone, locale);
  return (
    <section aria-labelledby="section-app-sessions">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h3" id="section-app-sessions">
          {t('sessions.title')}
        </Title>
        {sessions.length > 1 ? (
          <Button size="xs" variant="default" onClick={() => end.mutate({ ...input, body: {} })} loading={end.isPending && end.variables?.body?.session_id === undefined}>
            {t('sessions.end_all')}
          </Button>
        ) : null}
      </Group>
      <ErrorAlert error={error ?? end.error} />
      {data && sessions.length === 0 ? <Text>{t('sessions.empty')}</Text> : null}
      {sessions.length > 0 ? (
        <Table aria-label={t('sessions.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('sessions.col.device')}</Table.Th>
              <Table.Th>{t('sessions.col.signed_in')}</Table.Th>
              <Table.Th>{t('sessions.col.last_seen')}</Table.Th>
              <Table.Th>{t('sessions.col.action')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sessions.map((session) => {
              const device = session.device ?? t('sessions.unknown_device');
              return (
                <Table.Tr key={session.id}>
                  <Table.Td>{device}</Table.Td>
                  <Table.Td>{when(session.created_at)}</Table.Td>
                  <Table.Td>{when(session.last_seen_at)}</Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="default"
                      aria-label={t('sessions.end_named', { device })}
                      onClick={() => end.mutate({ ...input, body: { session_id: session.id } })}
                      loading={end.isPending && end.variables?.body?.session_id === session.id}
                    >
                      {t('sessions.end')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      ) : null}
    </section>
  );
}
