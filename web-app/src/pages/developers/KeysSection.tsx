import { Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { StaffSessionView } from '@studio/shared/web-app';
import { useState } from 'react';
import { useApiKeys, type ApiKey, type Environment } from '../../api/developers.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { StatusChip } from '../../components/StatusChip.tsx';
import { formatLocalDateTime, relativeTo } from '../../format/time.ts';
import { CreateKeyDialog } from './CreateKeyDialog.tsx';
import { RevokeKeyDialog } from './RevokeKeyDialog.tsx';

/** The environment's API keys: last four only, scopes, reach, last use; create and revoke. */
export function KeysSection({ environment, session, zone, locationId }: { environment: Environment; session: StaffSessionView; zone: string; locationId: string }) {
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const keys = useApiKeys(environment);
  const names = (ids: string[] | null) => (ids === null ? 'Every location' : ids.map((id) => session.locations.find((l) => l.id === id)?.name ?? 'another location').join(', '));
  const test = environment === 'test';
  const rows = keys.data?.data ?? [];
  return (
    <Stack component="section" aria-labelledby="keys-heading">
      <Group justify="space-between">
        <Title order={2} id="keys-heading">
          {test ? 'Test API keys' : 'API keys'}
        </Title>
        <Button onClick={() => setCreating(true)}>{test ? 'Create test key' : 'Create key'}</Button>
      </Group>
      <Text>
        {test
          ? 'A test key reads and changes only test data: try an integration here before it touches real members.'
          : 'API keys let other software (a booking website, a door system) use this studio’s data. A key is shown once, when it is created.'}
      </Text>
      <ErrorAlert error={keys.error} />
      <Table aria-label={test ? 'Test API keys' : 'API keys'} striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Ends with</Table.Th>
            <Table.Th>Scopes</Table.Th>
            <Table.Th>Locations</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th>Last used</Table.Th>
            <Table.Th>Action</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((key) => (
            <Table.Tr key={key.id}>
              <Table.Td fw={600}>{key.name}</Table.Td>
              <Table.Td ff="monospace">…{key.last4}</Table.Td>
              <Table.Td>
                {key.scopes.join(', ')}
                {key.device ? <div>{`Device key: ${key.device.kind.replace('_', ' ')} ${key.device.id}`}</div> : null}
              </Table.Td>
              <Table.Td>{names(key.location_ids)}</Table.Td>
              <Table.Td>{formatLocalDateTime(key.created_at, zone)}</Table.Td>
              <Table.Td>{key.last_used_at ? <span title={formatLocalDateTime(key.last_used_at, zone)}>{relativeTo(key.last_used_at, new Date())}</span> : 'Never'}</Table.Td>
              <Table.Td>
                {key.revoked_at ? (
                  <StatusChip status="revoked" />
                ) : (
                  <Button size="xs" variant="outline" color="red.9" onClick={() => setRevoking(key)}>
                    Revoke
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {keys.data && rows.length === 0 ? (
        <Text>{test ? 'No test key yet: create one to try an integration on test data.' : 'No key yet: create one for each program that needs access, with only the scopes it uses.'}</Text>
      ) : null}
      {creating ? (
        <CreateKeyDialog environment={environment} onClose={() => setCreating(false)} locations={session.locations} owner={session.account.role === 'owner'} currentLocationId={locationId} />
      ) : null}
      {revoking ? <RevokeKeyDialog environment={environment} apiKey={revoking} onClose={() => setRevoking(null)} /> : null}
    </Stack>
  );
}
