import { Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ContactUpdate, type Contact } from '@studio/shared/schemas/contacts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, invalidateContracts, type BodyOf } from '../../api/call.ts';
import { profileKey } from '../../api/members.ts';
import { Dialog } from '../../components/Dialog.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { contactChanges, fieldsOf, type ContactFields } from '../../format/contact-changes.ts';
import { fieldErrors } from '../../format/form-errors.ts';
import { contactsContracts } from '@studio/shared/contracts/contacts';
import { webDeskContracts } from '@studio/shared/contracts/web-desk';

/** "Edit details": a member's name, phone, email and notes. Never optimistic: the page shows the server's answer. */
export function EditContactDialog({ opened, onClose, contact }: { opened: boolean; onClose: () => void; contact: Contact }) {
  const { t } = useTranslation('profile');
  return (
    <Dialog opened={opened} onClose={onClose} title={t('edit_details')} size="md">
      {/* Mounted while open only, so each opening starts from the contact as stored now. */}
      {opened ? <EditContactForm contact={contact} onClose={onClose} /> : null}
    </Dialog>
  );
}

function EditContactForm({ contact, onClose }: { contact: Contact; onClose: () => void }) {
  const { t } = useTranslation('profile');
  const client = useQueryClient();
  const [values, setValues] = useState<ContactFields>(() => fieldsOf(contact));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: (body: BodyOf<'updateContact'>) => call(contactsContracts.updateContact, { params: { id: contact.id }, body }),
    onSuccess: async () => {
      // The search results show the name and phone too.
      await Promise.all([client.invalidateQueries({ queryKey: profileKey(contact.id) }), invalidateContracts(client, [webDeskContracts.webSearchMembers])]);
      onClose();
    },
  });

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = ContactUpdate.safeParse(contactChanges(contact, values));
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    if (Object.keys(parsed.data).length === 0) {
      onClose();
      return;
    }
    save.mutate(parsed.data);
  }

  const set = (field: keyof ContactFields) => (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setValues({ ...values, [field]: event.currentTarget.value });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <ErrorAlert error={save.error} />
        <TextInput label={t('edit.first_name')} withAsterisk={false} required value={values.first_name} onChange={set('first_name')} error={errors.first_name} data-autofocus />
        <TextInput label={t('edit.last_name')} value={values.last_name} onChange={set('last_name')} error={errors.last_name} />
        <TextInput label={t('edit.phone')} type="tel" value={values.phone} onChange={set('phone')} error={errors.phone} />
        <TextInput label={t('edit.email')} type="email" value={values.email} onChange={set('email')} error={errors.email} />
        <Textarea label={t('edit.notes')} autosize minRows={2} maxRows={6} value={values.notes} onChange={set('notes')} error={errors.notes} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('edit.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
