import { Button, TextInput } from '@mantine/core';
import { webSetupContracts } from '@studio/shared/contracts/web-setup';
import { useState } from 'react';
import { useSignedIn } from '../../api/session.ts';
import type { StaffMember } from '../../api/setup.ts';
import { SetupFrame } from './SetupFrame.tsx';
import { SetupFormDialog, SetupTable } from './SetupPieces.tsx';

const fullName = (member: StaffMember) => [member.first_name, member.last_name].filter(Boolean).join(' ');

/** Setup -> Staff: the people who give appointments and classes (sign-in accounts are on the Staff page). */
export function StaffMembersPage() {
  const session = useSignedIn();
  const owner = session.account.role === 'owner';
  const [editing, setEditing] = useState<StaffMember | 'new' | null>(null);
  return (
    <SetupFrame
      title="Bookable staff"
      intro="The people who give appointments and teach classes. Their sign-in accounts, if they have one, are on the Staff page."
      action={owner ? <Button onClick={() => setEditing('new')}>Add bookable staff</Button> : null}
    >
      <SetupTable
        label="Bookable staff"
        list={webSetupContracts.webSetupStaff}
        columns={[
          { header: 'Name', strong: true, cell: fullName },
          { header: 'Email', cell: (member) => member.email ?? '' },
        ]}
        action={
          owner
            ? {
                header: 'Actions',
                cell: (member) => (
                  <Button size="xs" variant="default" onClick={() => setEditing(member)} aria-label={`Edit ${fullName(member)}`}>
                    Edit
                  </Button>
                ),
              }
            : null
        }
        empty="No bookable staff yet: add the people who give appointments or teach."
      />
      {editing ? <StaffDialog member={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </SetupFrame>
  );
}

function StaffDialog({ member, onClose }: { member: StaffMember | null; onClose: () => void }) {
  const [values, setValues] = useState({ first_name: member?.first_name ?? '', last_name: member?.last_name ?? '', email: member?.email ?? '' });
  const set = (field: keyof typeof values) => (event: React.ChangeEvent<HTMLInputElement>) => setValues({ ...values, [field]: event.currentTarget.value });
  const optional = (text: string) => (text.trim() === '' ? (member ? null : undefined) : text.trim());
  return (
    <SetupFormDialog
      writes={{ create: webSetupContracts.webCreateStaffMember, update: webSetupContracts.webUpdateStaffMember, id: member?.id }}
      title={member ? `Edit ${fullName(member)}` : 'Add bookable staff'}
      fields={['first_name', 'last_name', 'email']}
      submitLabel={member ? 'Save' : 'Add'}
      body={() => ({ first_name: values.first_name, last_name: optional(values.last_name), email: optional(values.email) })}
      onClose={onClose}
    >
      {(fieldError) => (
        <>
          <TextInput label="First name" value={values.first_name} onChange={set('first_name')} error={fieldError('first_name')} data-autofocus />
          <TextInput label="Last name" value={values.last_name} onChange={set('last_name')} error={fieldError('last_name')} />
          <TextInput label="Email" type="email" value={values.email} onChange={set('email')} error={fieldError('email')} />
        </>
      )}
    </SetupFormDialog>
  );
}
