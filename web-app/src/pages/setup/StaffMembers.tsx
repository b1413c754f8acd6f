import { Button, TextInput } from '@mantine/core';
import { webSetupContracts } from '@studio/shared/contracts/web-setup';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedIn } from '../../api/session.ts';
import type { StaffMember } from '../../api/setup.ts';
import { SetupFrame } from './SetupFrame.tsx';
import { SetupFormDialog, SetupTable } from './SetupPieces.tsx';

const fullName = (member: StaffMember) => [member.first_name, member.last_name].filter(Boolean).join(' ');

/** Setup -> Staff: the people who give appointments and classes (sign-in accounts are on the Staff page). */
export function StaffMembersPage() {
  const { t } = useTranslation('setup');
  const session = useSignedIn();
  const owner = session.account.role === 'owner';
  const [editing, setEditing] = useState<StaffMember | 'new' | null>(null);
  return (
    <SetupFrame title={t('staff.title')} intro={t('staff.intro')} action={owner ? <Button onClick={() => setEditing('new')}>{t('staff.add')}</Button> : null}>
      <SetupTable
        label={t('staff.title')}
        list={webSetupContracts.webSetupStaff}
        columns={[
          { header: t('name'), strong: true, cell: fullName },
          { header: t('email'), cell: (member) => member.email ?? '' },
        ]}
        action={
          owner
            ? {
                header: t('actions'),
                cell: (member) => (
                  <Button size="xs" variant="default" onClick={() => setEditing(member)} aria-label={t('edit_named', { name: fullName(member) })}>
                    {t('edit')}
                  </Button>
                ),
              }
            : null
        }
        empty={t('staff.empty')}
      />
      {editing ? <StaffDialog member={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </SetupFrame>
  );
}

function StaffDialog({ member, onClose }: { member: StaffMember | null; onClose: () => void }) {
  const { t } = useTranslation('setup');
  const [values, setValues] = useState({ first_name: member?.first_name ?? '', last_name: member?.last_name ?? '', email: member?.email ?? '' });
  const set = (field: keyof typeof values) => (event: React.ChangeEvent<HTMLInputElement>) => setValues({ ...values, [field]: event.currentTarget.value });
  const optional = (text: string) => (text.trim() === '' ? (member ? null : undefined) : text.trim());
  return (
    <SetupFormDialog
      writes={{ create: webSetupContracts.webCreateStaffMember, update: webSetupContracts.webUpdateStaffMember, id: member?.id }}
      title={member ? t('edit_named', { name: fullName(member) }) : t('staff.add')}
      fields={['first_name', 'last_name', 'email']}
      submitLabel={member ? t('save') : t('add')}
      body={() => ({ first_name: values.first_name, last_name: optional(values.last_name), email: optional(values.email) })}
      onClose={onClose}
    >
      {(fieldError) => (
        <>
          <TextInput label={t('staff.first_name')} value={values.first_name} onChange={set('first_name')} error={fieldError('first_name')} data-autofocus />
          <TextInput label={t('staff.last_name')} value={values.last_name} onChange={set('last_name')} error={fieldError('last_name')} />
          <TextInput label={t('email')} type="email" value={values.email} onChange={set('email')} error={fieldError('email')} />
        </>
      )}
    </SetupFormDialog>
  );
}
