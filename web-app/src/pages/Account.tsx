import { Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { webAuthContracts } from '@studio/shared/contracts/web-auth';
import { useContractMutation, useContractQuery } from '../api/call.ts';
import { useSignedIn, useSignedOut } from '../api/session.ts';
import { ErrorAlert } from '../components/ErrorAlert.tsx';
import { LanguagePicker } from '../components/LanguagePicker.tsx';
import { formatLocalDateTime } from '../format/time.ts';
import { useLocation } from '../shell/location.ts';
import { ChangePassword } from './account/ChangePassword.tsx';

export function AccountPage() {
  const session = useSignedIn();
  const [location] = useLocation(session);
  const signedOut = useSignedOut();
  const sessions = useContractQuery(webAuthContracts.webListSessions, {});
  const everywhere = useContractMutation(webAuthContracts.webSignOutEverywhere, { onSuccess: signedOut });
  const zone = location.time_zone;
  return (
    <Stack>
      <Title order={1}>Account</Title>
      <Text>
        {session.account.display_name} · {session.account.email} · {session.company.name}
      </Text>
      <LanguagePicker session={session} location={location} />
      <ChangePassword session={session} />
      <Title order={2} size="h3">
        Where you are signed in
      </Title>
      <ErrorAlert error={sessions.error ?? everywhere.error} />
      <Table aria-label="Your sessions" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Browser</Table.Th>
            <Table.Th>Address</Table.Th>
            <Table.Th>Signed in</Table.Th>
            <Table.Th>Last active</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(sessions.data?.data ?? []).map((open) => (
            <Table.Tr key={open.id}>
              <Table.Td>
                {open.user_agent ?? 'Unknown browser'}{' '}
                {open.current ? (
                  <Badge radius="sm" style={{ color: '#1e3a8a', background: '#dbeafe', textTransform: 'none' }}>
                    This browser
                  </Badge>
                ) : null}
              </Table.Td>
              <Table.Td>{open.address ?? ''}</Table.Td>
              <Table.Td>{formatLocalDateTime(open.created_at, zone)}</Table.Td>
              <Table.Td>{formatLocalDateTime(open.last_seen_at, zone)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group>
        <Text>Signs you out here and on every other computer, e.g. after a shared desk PC was left signed in.</Text>
        <Button variant="outline" color="red.9" onClick={() => everywhere.mutate({})} loading={everywhere.isPending}>
          Sign out everywhere
        </Button>
      </Group>
    </Stack>
  );
}
