import { Button, Group, Stack, Table, TextInput } from '@mantine/core';
import { contracts } from '@studio/shared/contracts';
import { useState } from 'react';
import { useSignedIn } from '../../api/session.ts';
import { useSetupSave, useSetupStaff, type StaffMember } from '../../api/setup.ts';
import { Dialog } from '../../components/Dialog.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { errorFor, formError, SetupFrame } from './SetupFrame.tsx';

const fullName = (member: StaffMember) => [member.first_name, member.last_name].filter(Boolean).join(' ');

/** Setup -> Staff: the people who give appointments and classes (sign-in accounts are on the Staff page). */
export function StaffMembersPage() {
  const session = useSignedIn();
  const owner = session.account.role === 'owner';
  const staff = useSetupStaff();
  const [editing, setEditing] = useState<StaffMember | 'new' | null>(null);
  return (
    <SetupFrame
      title="Bookable staff"
      intro="The people who give appointments and teach classes. Their sign-in accounts, if they have one, are on the Staff page."
      action={owner ? <Button onClick={() => setEditing('new')}>Add bookable staff</Button> : null}
    >
      <ErrorAlert error={staff.error} />
      <Table aria-label="Bookable staff" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Email</Table.Th>
            {owner ? <Table.Th>Actions</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(staff.data?.data ?? []).map((member) => (
            <Table.Tr key={member.id}>
              <Table.Td fw={600}>{fullName(member)}</Table.Td>
              <Table.Td>{member.email ?? ''}</Table.Td>
              {owner ? (
                <Table.Td>
                  <Button size="xs" variant="default" onClick={() => setEditing(member)} aria-label={`Edit ${fullName(member)}`}>
                    Edit
                  </Button>
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {staff.isSuccess && staff.data.data.length === 0 ? <p>No bookable staff yet: add the people who give appointments or teach.</p> : null}
      {editing ? <StaffDialog member={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </SetupFrame>
  );
}

function StaffDialog({ member, onClose }: { member: StaffMember | null; onClose: () => void }) {
  const [values, setValues] = useState({ first_name: member?.first_name ?? '', last_name: member?.last_name ?? '', email: member?.email ?? '' });
  const save = useSetupSave({ create: contracts.webCreateStaffMember, update: contracts.webUpdateStaffMember, id: member?.id });
  const set = (field: keyof typeof values) => (event: React.ChangeEvent<HTMLInputElement>) => setValues({ ...values, [field]: event.currentTarget.value });
  function submit(event: React.FormEvent) {
    event.preventDefault();
    const optional = (text: string) => (text.trim() === '' ? (member ? null : undefined) : text.trim());
    save.mutate({ first_name: values.first_name, last_name: optional(values.last_name), email: optional(values.email) }, { onSuccess: onClose });
  }
  return (
    <Dialog opened onClose={onClose} title={member ? `Edit ${fullName(member)}` : 'Add bookable staff'}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <ErrorAlert error={formError(save.error, ['first_name', 'last_name', 'email'])} />
          <TextInput label="First name" value={values.first_name} onChange={set('first_name')} error={errorFor(save.error, 'first_name')} data-autofocus />
          <TextInput label="Last name" value={values.last_name} onChange={set('last_name')} error={errorFor(save.error, 'last_name')} />
          <TextInput label="Email" type="email" value={values.email} onChange={set('email')} error={errorFor(save.error, 'email')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {member ? 'Save' : 'Add'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
