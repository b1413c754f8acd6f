import { Button, Checkbox, CopyButton, Group, PasswordInput, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { scopes, type Scope } from '@studio/shared/schemas/scopes';
import { ApiKeyCreate, Reauthentication, type ApiKeyView, type SessionLocation } from '@studio/shared/web-app';
import { useState } from 'react';
import type { z } from 'zod';
import { http } from '../api/http.ts';
import { useSignedIn } from '../api/session.ts';
import { Dialog } from '../components/Dialog.tsx';
import { ErrorAlert } from '../components/ErrorAlert.tsx';
import { ManagersOnly } from '../components/ManagersOnly.tsx';
import { LocationChoice } from '../components/LocationChoice.tsx';
import { StatusChip } from '../components/StatusChip.tsx';
import { fieldErrors } from '../format/form-errors.ts';
import { formatLocalDateTime, relativeTo } from '../format/time.ts';
import { useLocation } from '../shell/location.ts';

const keysKey = ['keys'] as const;

export function DevelopersPage() {
  return (
    <ManagersOnly title="Developers" what="API keys">
      <KeysPage />
    </ManagersOnly>
  );
}

function KeysPage() {
  const session = useSignedIn();
  const [location] = useLocation(session);
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKeyView | null>(null);
  const keys = useQuery({ queryKey: keysKey, queryFn: ({ signal }) => http.request<{ data: ApiKeyView[] }>('/keys', { signal }) });
  const names = (ids: string[] | null) => (ids === null ? 'Every location' : ids.map((id) => session.locations.find((l) => l.id === id)?.name ?? 'another location').join(', '));
  const zone = location.time_zone;
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>Developers</Title>
        <Button onClick={() => setCreating(true)}>Create key</Button>
      </Group>
      <Text>API keys let other software (a booking website, a door system) use this studio&apos;s data. A key is shown once, when it is created.</Text>
      <ErrorAlert error={keys.error} />
      <Table aria-label="API keys" striped>
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
          {(keys.data?.data ?? []).map((key) => (
            <Table.Tr key={key.id}>
              <Table.Td fw={600}>{key.name}</Table.Td>
              <Table.Td ff="monospace">…{key.last4}</Table.Td>
              <Table.Td>{key.scopes.join(', ')}</Table.Td>
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
      {keys.data && keys.data.data.length === 0 ? <Text>No key yet: create one for each program that needs access, with only the scopes it uses.</Text> : null}
      {creating ? <CreateKeyDialog onClose={() => setCreating(false)} locations={session.locations} owner={session.account.role === 'owner'} current={location} /> : null}
      {revoking ? <RevokeKeyDialog apiKey={revoking} onClose={() => setRevoking(null)} /> : null}
    </Stack>
  );
}

type KeyCreate = z.infer<typeof ApiKeyCreate>;

function CreateKeyDialog({ onClose, locations, owner, current }: { onClose: () => void; locations: SessionLocation[]; owner: boolean; current: SessionLocation }) {
  const client = useQueryClient();
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<Scope[]>([]);
  const [locationIds, setLocationIds] = useState<string[] | null>([current.id]);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [stored, setStored] = useState(false);
  const create = useMutation({
    mutationFn: (body: KeyCreate) => http.request<{ key: ApiKeyView; secret: string }>('/keys', { method: 'POST', body }),
    onSuccess: () => {
      setPassword('');
      void client.invalidateQueries({ queryKey: keysKey });
    },
  });
  const secret = create.data?.secret;

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = ApiKeyCreate.safeParse({ name, scopes: chosen, location_ids: locationIds, password });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    create.mutate(parsed.data);
  }

  // The secret is shown once: the dialog closes only after "I have stored it".
  return (
    <Dialog opened onClose={secret && !stored ? () => undefined : onClose} title="Create key" size="xl" closeOnClickOutside={!secret} closeOnEscape={!secret} withCloseButton={!secret || stored}>
      {secret ? (
        <Stack>
          <Text fw={600}>Copy the key now: it is not shown again. Only its last four characters stay visible.</Text>
          <Group align="flex-end">
            <TextInput label="API key" readOnly value={secret} ff="monospace" style={{ flex: 1 }} onFocus={(e) => e.currentTarget.select()} />
            <CopyButton value={secret}>
              {({ copied, copy }) => (
                <Button variant="default" onClick={copy}>
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Checkbox label="I have stored it" checked={stored} onChange={(e) => setStored(e.currentTarget.checked)} />
          <Group justify="flex-end">
            <Button disabled={!stored} onClick={onClose}>
              Done
            </Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <ErrorAlert error={create.error} />
            <TextInput label="Name" description="Which program uses it, e.g. Website booking widget" value={name} onChange={(e) => setName(e.currentTarget.value)} error={errors.name} data-autofocus />
            <Checkbox.Group
              label="Scopes"
              description="Give only what the program needs"
              value={chosen}
              onChange={(values) => setChosen(values as Scope[])}
              error={errors.scopes ? 'Choose at least one scope.' : undefined}
            >
              <SimpleGrid cols={3} mt="xs">
                {scopes.map((scope) => (
                  <Checkbox key={scope} value={scope} label={scope} />
                ))}
              </SimpleGrid>
            </Checkbox.Group>
            <LocationChoice
              label="Locations"
              locations={locations}
              value={locationIds}
              onChange={setLocationIds}
              allowAll={owner}
              error={errors.location_ids ? 'Choose at least one location.' : undefined}
            />
            <PasswordInput
              label="Password"
              description="Your password, to confirm it is you"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              error={errors.password ? 'Enter your password.' : undefined}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={create.isPending}>
                Create key
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Dialog>
  );
}

function RevokeKeyDialog({ apiKey, onClose }: { apiKey: ApiKeyView; onClose: () => void }) {
  const client = useQueryClient();
  const [typed, setTyped] = useState('');
  const [password, setPassword] = useState('');
  const revoke = useMutation({
    mutationFn: (body: z.infer<typeof Reauthentication>) => http.request(`/keys/${apiKey.id}/revoke`, { method: 'POST', body }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: keysKey });
      onClose();
    },
  });
  const matches = typed.trim() === apiKey.name;
  function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = Reauthentication.safeParse({ password });
    if (matches && parsed.success) revoke.mutate(parsed.data);
  }
  return (
    <Dialog opened onClose={onClose} title="Revoke key">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text>Programs using &quot;{apiKey.name}&quot; stop working at once. This cannot be undone.</Text>
          <ErrorAlert error={revoke.error} />
          <TextInput label="Key name" description={`Type ${apiKey.name} to confirm`} value={typed} onChange={(e) => setTyped(e.currentTarget.value)} autoComplete="off" data-autofocus />
          <PasswordInput label="Password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color="red.9" disabled={!matches || password.length === 0} loading={revoke.isPending}>
              Revoke key
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
