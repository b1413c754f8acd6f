import { Anchor, Button, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { ContactCreate } from '@studio/shared/schemas/contacts';
import type { MemberSearchRow } from '@studio/shared/web-app';
import { useState } from 'react';
import { Link, useLocation as useRouterLocation, useNavigate, useSearchParams } from 'react-router';
import { fullName, useMemberSearch } from '../api/contacts.ts';
import { call, type BodyOf } from '../api/call.ts';
import { useSignedIn } from '../api/session.ts';
import { Dialog } from '../components/Dialog.tsx';
import { ErrorAlert } from '../components/ErrorAlert.tsx';
import { LastVisit, MembershipSummary } from '../components/MemberSummary.tsx';
import { fieldErrors, withoutEmpty } from '../format/form-errors.ts';
import { useLocation } from '../shell/location.ts';
import { contactsContracts } from '@studio/shared/contracts/contacts';

export function MembersPage() {
  const session = useSignedIn();
  const [location] = useLocation(session);
  const [params, setParams] = useSearchParams();
  const routerState = useRouterLocation().state as { assignScan?: string } | null;
  const [term, setTerm] = useState(params.get('search') ?? '');
  const [creating, setCreating] = useState(false);
  const { data, error, isFetching } = useMemberSearch(term, location.id, 50);
  const searching = term.trim().length >= 2;

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>Members</Title>
        <Button onClick={() => setCreating(true)}>New member</Button>
      </Group>
      {routerState?.assignScan ? <Text fw={600}>To assign the unknown card: find the member, open their page and press Enrol card; the card is offered there.</Text> : null}
      <TextInput
        label="Name, phone or email"
        description="Results from the second character"
        value={term}
        onChange={(event) => {
          setTerm(event.currentTarget.value);
          setParams(event.currentTarget.value ? { search: event.currentTarget.value } : {}, { replace: true });
        }}
        maw={480}
      />
      <ErrorAlert error={error} />
      {searching ? (
        <Results contacts={data?.data ?? []} loading={isFetching && !data} zone={location.time_zone} />
      ) : (
        <Text>Type at least two letters of a name, or part of a phone number or email.</Text>
      )}
      <NewMemberDialog opened={creating} onClose={() => setCreating(false)} locationId={location.id} />
    </Stack>
  );
}

function Results({ contacts, loading, zone }: { contacts: MemberSearchRow[]; loading: boolean; zone: string }) {
  if (loading) return <Text>Searching…</Text>;
  if (contacts.length === 0) return <Text>No member matches. Check the spelling, or add them with New member.</Text>;
  return (
    <Table striped highlightOnHover aria-label="Members found">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Name</Table.Th>
          <Table.Th>Membership</Table.Th>
          <Table.Th>Last visit</Table.Th>
          <Table.Th>Phone</Table.Th>
          <Table.Th>Email</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {contacts.map((contact) => (
          <Table.Tr key={contact.id}>
            <Table.Td>
              <Anchor component={Link} to={`/members/${contact.id}`} fw={600}>
                {fullName(contact)}
              </Anchor>
            </Table.Td>
            <Table.Td>
              <MembershipSummary row={contact} />
            </Table.Td>
            <Table.Td>
              <LastVisit at={contact.last_visit_at} zone={zone} />
            </Table.Td>
            <Table.Td>{contact.phone ?? ''}</Table.Td>
            <Table.Td>{contact.email ?? ''}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

const empty = { first_name: '', last_name: '', phone: '', email: '' };

function NewMemberDialog({ opened, onClose, locationId }: { opened: boolean; onClose: () => void; locationId: string }) {
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const navigate = useNavigate();
  const create = useMutation({
    mutationFn: (body: BodyOf<'createContact'>) => call(contactsContracts.createContact, { body }),
    onSuccess: (contact) => {
      setValues(empty);
      onClose();
      void navigate(`/members/${contact.id}`);
    },
  });
  function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = ContactCreate.safeParse({ ...withoutEmpty(values), location_id: locationId });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    create.mutate(parsed.data);
  }
  const set = (field: keyof typeof values) => (event: React.ChangeEvent<HTMLInputElement>) => setValues({ ...values, [field]: event.currentTarget.value });
  return (
    <Dialog opened={opened} onClose={onClose} title="New member" size="md">
      <form onSubmit={submit} noValidate>
        <Stack>
          <ErrorAlert error={create.error} />
          <TextInput label="First name" withAsterisk={false} required value={values.first_name} onChange={set('first_name')} error={errors.first_name} data-autofocus />
          <TextInput label="Last name" value={values.last_name} onChange={set('last_name')} error={errors.last_name} />
          <TextInput label="Phone" type="tel" value={values.phone} onChange={set('phone')} error={errors.phone} />
          <TextInput label="Email" type="email" value={values.email} onChange={set('email')} error={errors.email} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create member
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
