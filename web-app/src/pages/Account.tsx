import { Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { webAuthContracts } from '@studio/shared/contracts/web-auth';
import { useTranslation } from 'react-i18next';
import { useContractMutation, useContractQuery } from '../api/call.ts';
import { useSignedIn, useSignedOut } from '../api/session.ts';
import { ErrorAlert } from '../components/ErrorAlert.tsx';
import { LanguagePicker } from '../components/LanguagePicker.tsx';
import { formatLocalDateTime } from '../format/time.ts';
import { useLocale } from '../i18n/locale.ts';
import { useLocation } from '../shell/location.ts';
import { ChangePassword } from './account/ChangePassword.tsx';

export function AccountPage() {
  const { t } = useTranslation('accounts');
  const session = useSignedIn();
  const [location] = useLocation(session);
  const locale = useLocale(location);
  const signedOut = useSignedOut();
  const sessions = useContractQuery(webAuthContracts.webListSessions, {});
  const everywhere = useContractMutation(webAuthContracts.webSignOutEverywhere, { onSuccess: signedOut });
  const zone = location.time_zone;
  return (
    <Stack>
      <Title order={1}>{t('account.title')}</Title>
      <Text>
        {session.account.display_name} · {session.account.email} · {session.company.name}
      </Text>
      <LanguagePicker session={session} location={location} />
      <ChangePassword session={session} />
      <Title order={2} size="h3">
        {t('account.sessions_title')}
      </Title>
      <ErrorAlert error={sessions.error ?? everywhere.error} />
      <Table aria-label={t('account.sessions_table')} striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('account.column.browser')}</Table.Th>
            <Table.Th>{t('account.column.address')}</Table.Th>
            <Table.Th>{t('account.column.signed_in')}</Table.Th>
            <Table.Th>{t('account.column.last_active')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(sessions.data?.data ?? []).map((open) => (
            <Table.Tr key={open.id}>
              <Table.Td>
                {open.user_agent ?? t('account.unknown_browser')}{' '}
                {open.current ? (
                  <Badge radius="sm" style={{ color: '#1e3a8a', background: '#dbeafe', textTransform: 'none' }}>
                    {t('account.this_browser')}
                  </Badge>
                ) : null}
              </Table.Td>
              <Table.Td>{open.address ?? ''}</Table.Td>
              <Table.Td>{formatLocalDateTime(open.created_at, zone, locale)}</Table.Td>
              <Table.Td>{formatLocalDateTime(open.last_seen_at, zone, locale)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group>
        <Text>{t('account.everywhere_note')}</Text>
        <Button variant="outline" color="red.9" onClick={() => everywhere.mutate({})} loading={everywhere.isPending}>
          {t('account.everywhere')}
        </Button>
      </Group>
    </Stack>
  );
}
