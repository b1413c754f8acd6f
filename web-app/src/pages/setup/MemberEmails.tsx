import { Alert, Paper, Skeleton, Table, Text, Title } from '@mantine/core';
import { webMessagesContracts } from '@studio/shared/contracts/web-messages';
import { useTranslation } from 'react-i18next';
import { useContractQuery } from '../../api/call.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { SetupFrame } from './SetupFrame.tsx';

/**
 * Setup -> Member emails: whether this box sends members' emails at all, and through which provider.
 * Without one it says so plainly and how to set one (the server's SMTP_ settings); with one it shows
 * the host, port, security and sender, and whether it signs in, never the password.
 */
export function MemberEmailsPage() {
  const { t } = useTranslation('messages');
  const { data, error, isPending } = useContractQuery(webMessagesContracts.webMessageSettings, {});
  return (
    <SetupFrame title={t('settings.title')} intro={t('settings.intro')}>
      <ErrorAlert error={error} />
      {isPending ? <Skeleton height={120} /> : null}
      {data && data.smtp === null ? (
        <Alert role="status" color="red.9" variant="light" title={t('settings.none.title')}>
          {t('settings.none.body')}
        </Alert>
      ) : null}
      {data?.smtp ? (
        <Paper withBorder p="md">
          <Title order={2} size="h3" mb="xs">
            {t('settings.provider')}
          </Title>
          <Table aria-label={t('settings.provider')} variant="vertical" withRowBorders={false}>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th>{t('settings.host')}</Table.Th>
                <Table.Td>{`${data.smtp.host}:${data.smtp.port}`}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('settings.security')}</Table.Th>
                <Table.Td>{data.smtp.secure ? t('settings.secure') : t('settings.starttls')}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('settings.from')}</Table.Th>
                <Table.Td>{data.smtp.from}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('settings.sign_in')}</Table.Th>
                <Table.Td>{data.smtp.signs_in ? t('settings.signs_in') : t('settings.no_sign_in')}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          <Text size="sm" mt="sm">
            {t('settings.change')}
          </Text>
        </Paper>
      ) : null}
    </SetupFrame>
  );
}
