import { Anchor, Button, Group, SegmentedControl, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { ContactCreate } from '@studio/shared/schemas/contacts';
import type { MemberSearchRow } from '@studio/shared/web-app';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { fullName, useMemberList, type MemberStanding } from '../api/contacts.ts';
import { call, type BodyOf } from '../api/call.ts';
import { useSignedIn } from '../api/session.ts';
import { Dialog } from '../components/Dialog.tsx';
import { ErrorAlert } from '../components/ErrorAlert.tsx';
import { LastVisit, MembershipSummary } from '../components/MemberSummary.tsx';
import { fieldErrors, withoutEmpty } from '../format/form-errors.ts';
import { useLocale } from '../i18n/locale.ts';
import { useLocation } from '../shell/location.ts';
import { contactsContracts } from '@studio/shared/contracts/contacts';

const standings = ['all', 'active', 'paused', 'past_due', 'ended', 'none'] as const;
type Standing = (typeof standings)[number];
const standingKeys = {
  all: 'filter.all',
  active: 'filter.active',
  paused: 'filter.paused',
  past_due: 'filter.past_due',
  ended: 'filter.ended',
  none: 'filter.none',
} as const;
const isStanding = (value: string | null): value is Standing => standings.includes(value as Standing);

/**
 * Every member at the location, a page at a time, by first name: narrowed by a search (from its
 * first character) and by standing; Enter on a single match opens it. The search and the filter
 * are in the address, so Back returns to the same list.
 */
export function MembersPage() {
  const { t } = useTranslation('members');
  const session = useSignedIn();
  const [location] = useLocation(session);
  const locale = useLocale(location);
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const term = params.get('search') ?? '';
  const standing: Standing = isStanding(params.get('status')) ? (params.get('status') as Standing) : 'all';
  // The cursors of the pages up to this one, Previous pops one; another location starts again (a cursor is bound to its location).
  const [paging, setPaging] = useState<{ locationId: string; pages: (string | undefined)[] }>({ locationId: location.id, pages: [undefined] });
  const pages = paging.locationId === location.id ? paging.pages : [undefined];
  const setPages = (next: (string | undefined)[]) => setPaging({ locationId: location.id, pages: next });
  const cursor = pages.at(-1);
  const [creating, setCreating] = useState(false);
  const status: MemberStanding = standing === 'all' ? undefined : standing;
  const { data, error, isFetching } = useMemberList(term, location.id, status, cursor, 50);
  const rows = data?.data ?? [];

  const change = (next: { search?: string; status?: Standing }) => {
    const search = next.search ?? term;
    const chosen = next.status ?? standing;
    setPages([undefined]);
    setParams({ ...(search && { search }), ...(chosen !== 'all' && { status: chosen }) }, { replace: true });
  };

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{t('title')}</Title>
        <Button onClick={() => setCreating(true)}>{t('new_member')}</Button>
      </Group>
      <TextInput
        label={t('search.label')}
        description={t('search.description')}
        value={term}
        onChange={(event) => change({ search: event.currentTarget.value })}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && term.trim() && rows.length === 1 && !isFetching) void navigate(`/members/${rows[0]!.id}`);
        }}
        maw={480}
      />
      <SegmentedControl
        aria-label={t('filter.label')}
        value={standing}
        onChange={(value) => change({ status: value as Standing })}
        data={standings.map((value) => ({ value, label: t(standingKeys[value]) }))}
        style={{ alignSelf: 'flex-start' }}
      />
      <ErrorAlert error={error} />
      <Results contacts={rows} loading={isFetching && !data} searching={term.trim() !== ''} zone={location.time_zone} locale={locale} />
      {pages.length > 1 || data?.next_cursor ? (
        <Group aria-label={t('page.label')} role="group">
          <Button variant="default" disabled={pages.length === 1} onClick={() => setPages(pages.slice(0, -1))}>
            {t('page.previous')}
          </Button>
          <Button variant="default" disabled={!data?.next_cursor} onClick={() => data?.next_cursor && setPages([...pages, data.next_cursor])}>
            {t('page.next')}
          </Button>
        </Group>
      ) : null}
      <NewMemberDialog opened={creating} onClose={() => setCreating(false)} locationId={location.id} />
    </Stack>
  );
}

function Results({ contacts, loading, searching, zone, locale }: { contacts: MemberSearchRow[]; loading: boolean; searching: boolean; zone: string; locale: string }) {
  const { t } = useTranslation('members');
  if (loading) return <Text>{t('loading')}</Text>;
  if (contacts.length === 0) return <Text>{searching ? t('empty.search') : t('empty.list')}</Text>;
  return (
    <Table striped highlightOnHover aria-label={t('table.label')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('col.name')}</Table.Th>
          <Table.Th>{t('col.membership')}</Table.Th>
          <Table.Th>{t('col.last_visit')}</Table.Th>
          <Table.Th>{t('col.phone')}</Table.Th>
          <Table.Th>{t('col.email')}</Table.Th>
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
              <LastVisit at={contact.last_visit_at} zone={zone} locale={locale} />
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
  const { t } = useTranslation('members');
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
    <Dialog opened={opened} onClose={onClose} title={t('dialog.title')} size="md">
      <form onSubmit={submit} noValidate>
        <Stack>
          <ErrorAlert error={create.error} />
          <TextInput label={t('field.first_name')} withAsterisk={false} required value={values.first_name} onChange={set('first_name')} error={errors.first_name} data-autofocus />
          <TextInput label={t('field.last_name')} value={values.last_name} onChange={set('last_name')} error={errors.last_name} />
          <TextInput label={t('field.phone')} type="tel" value={values.phone} onChange={set('phone')} error={errors.phone} />
          <TextInput label={t('field.email')} type="email" value={values.email} onChange={set('email')} error={errors.email} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
