import { List, Stack, Table, Text, Title } from '@mantine/core';
import { webMessagesContracts } from '@studio/shared/contracts/web-messages';
import { useTranslation } from 'react-i18next';
import { useContractQuery } from '../../api/call.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { formatLocalDateTime } from '../../format/time.ts';

const templates = ['sign_in_code', 'booking_confirmed', 'booking_cancelled', 'booking_moved', 'waitlist_promoted', 'waitlist_offer', 'class_cancelled', 'class_reminder'] as const;
const statuses = ['queued', 'sent', 'failed', 'test_mode'] as const;
const oneOf = <T extends string>(list: readonly T[], value: string): value is T => (list as readonly string[]).includes(value);

/**
 * The member's emails on their page: which message (its template in words), where it went, how its
 * sending went, and every attempt with its time, outcome and the provider's answer. Never what a
 * message said: a sign-in code is a secret.
 */
export function MessagesSection({ contactId, zone, locale }: { contactId: string; zone: string; locale: string }) {
  const { t } = useTranslation('messages');
  const { data, error } = useContractQuery(webMessagesContracts.webMemberMessages, { params: { id: contactId } });
  const messages = data?.data ?? [];
  const when = (iso: string) => formatLocalDateTime(iso, zone, locale);
  return (
    <section aria-labelledby="section-messages">
      <Title order={2} size="h3" id="section-messages" mb="xs">
        {t('messages.title')}
      </Title>
      <ErrorAlert error={error} />
      {data && messages.length === 0 ? <Text>{t('messages.empty')}</Text> : null}
      {messages.length > 0 ? (
        <Table aria-label={t('messages.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('messages.col.sent')}</Table.Th>
              <Table.Th>{t('messages.col.message')}</Table.Th>
              <Table.Th>{t('messages.col.status')}</Table.Th>
              <Table.Th>{t('messages.col.attempts')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {messages.map((message) => (
              <Table.Tr key={message.id}>
                <Table.Td>{when(message.created_at)}</Table.Td>
                <Table.Td>
                  <Stack gap={0}>
                    <Text fw={600}>{oneOf(templates, message.template) ? t(`template.${message.template}`) : message.template}</Text>
                    <Text size="sm">{t('messages.to', { address: message.to })}</Text>
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <Stack gap={0}>
                    <Text>{oneOf(statuses, message.status) ? t(`status.${message.status}`) : message.status}</Text>
                    {message.next_attempt_at ? <Text size="sm">{t('messages.next_attempt', { when: when(message.next_attempt_at) })}</Text> : null}
                  </Stack>
                </Table.Td>
                <Table.Td>
                  {message.attempts.length === 0 ? (
                    <Text size="sm">{t('messages.no_attempt')}</Text>
                  ) : (
                    <List size="sm" listStyleType="none" aria-label={t('messages.attempts_label')}>
                      {message.attempts.map((attempt, index) => (
                        <List.Item key={`${attempt.at}-${index}`}>
                          {`${when(attempt.at)}: ${t(`outcome.${attempt.outcome}`)}`}
                          {attempt.detail ? (
                            <Text size="sm" c="#7f1d1d">
                              {attempt.detail}
                            </Text>
                          ) : null}
                        </List.Item>
                      ))}
                    </List>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
    </section>
  );
}
