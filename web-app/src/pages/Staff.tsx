import { Button, Group, NativeSelect, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { StaffAccountAccess, StaffAccountCreate, staffRoles, type SessionLocation, type StaffAccountView, type StaffRole } from '@studio/shared/web-app';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { call, invalidateContracts, useContractQuery, type BodyOf } from '../api/call.ts';
import { useSignedIn } from '../api/session.ts';
import { Dialog } from '../components/Dialog.tsx';
import { ErrorAlert } from '../components/ErrorAlert.tsx';
import { ManagersOnly } from '../components/ManagersOnly.tsx';
import { LocationChoice } from '../components/LocationChoice.tsx';
import { StatusChip } from '../components/StatusChip.tsx';
import { actorWords } from '../format/actor.ts';
import { fieldErrors } from '../format/form-errors.ts';
import { formatLocalDateTime } from '../format/time.ts';
import { useLocale } from '../i18n/locale.ts';
import { useLocation } from '../shell/location.ts';
import { webAccountsContracts } from '@studio/shared/contracts/web-accounts';
import { PasswordLinkDialog, type ShownLink } from './staff/PasswordLinkDialog.tsx';

/** An owner gives any role; a manager looks after front-desk accounts only. */
const rolesFor = (role: StaffRole, roleName: (role: StaffRole) => string) => (role === 'owner' ? staffRoles : (['front_desk'] as const)).map((r) => ({ value: r, label: roleName(r) }));
type RoleChoices = ReturnType<typeof rolesFor>;

export function StaffPage() {
  const { t } = useTranslation('accounts');
  return (
    <ManagersOnly title={t('staff.title')} refusal={t('staff.refusal')}>
      <AccountsPage />
    </ManagersOnly>
  );
}

function AccountsPage() {
  const { t } = useTranslation('accounts');
  const session = useSignedIn();
  const [location] = useLocation(session);
  const locale = useLocale(location);
  const roleName = (role: StaffRole) => t('staff.role', { role });
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<StaffAccountView | null>(null);
  const [shownLink, setShownLink] = useState<ShownLink | null>(null);
  const client = useQueryClient();
  const accounts = useContractQuery(webAccountsContracts.webListAccounts, {});
  const disable = useMutation({
    mutationFn: (id: string) => call(webAccountsContracts.webDisableAccount, { params: { id } }),
    onSuccess: () => invalidateContracts(client, [webAccountsContracts.webListAccounts]),
  });
  const reset = useMutation({
    mutationFn: (account: StaffAccountView) => call(webAccountsContracts.webResetPasswordLink, { params: { id: account.id } }),
    onSuccess: async (link, account) => {
      setShownLink({ name: account.display_name, purpose: 'reset', link });
      await invalidateContracts(client, [webAccountsContracts.webAuditLog]);
    },
  });
  const names = (ids: string[] | null) => (ids === null ? t('staff.every_location') : ids.map((id) => session.locations.find((l) => l.id === id)?.name ?? t('staff.another_location')).join(', '));
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{t('staff.title')}</Title>
        <Button onClick={() => setAdding(true)}>{t('staff.add')}</Button>
      </Group>
      <Text>{t('staff.intro')}</Text>
      <ErrorAlert error={accounts.error ?? disable.error ?? reset.error} />
      <Table aria-label={t('staff.table')} striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('staff.column.name')}</Table.Th>
            <Table.Th>{t('staff.column.email')}</Table.Th>
            <Table.Th>{t('staff.column.role')}</Table.Th>
            <Table.Th>{t('staff.column.locations')}</Table.Th>
            <Table.Th>{t('staff.column.added')}</Table.Th>
            <Table.Th>{t('staff.column.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(accounts.data?.data ?? []).map((account) => (
            <Table.Tr key={account.id}>
              <Table.Td fw={600}>{account.display_name}</Table.Td>
              <Table.Td>{account.email}</Table.Td>
              <Table.Td>{roleName(account.role)}</Table.Td>
              <Table.Td>{names(account.location_ids)}</Table.Td>
              <Table.Td>{formatLocalDateTime(account.created_at, location.time_zone, locale)}</Table.Td>
              <Table.Td>
                {account.disabled_at ? (
                  <StatusChip status="disabled" />
                ) : account.id === session.account.id ? (
                  <Text size="sm">{t('staff.you')}</Text>
                ) : (
                  <Group gap="xs">
                    <Button size="xs" variant="default" onClick={() => setEditing(account)} aria-label={t('staff.change_role_label', { name: account.display_name })}>
                      {t('staff.change_role')}
                    </Button>
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => reset.mutate(account)}
                      loading={reset.isPending && reset.variables?.id === account.id}
                      aria-label={t('staff.reset_label', { name: account.display_name })}
                    >
                      {t('staff.reset')}
                    </Button>
                    <Button
                      size="xs"
                      variant="outline"
                      color="red.9"
                      onClick={() => disable.mutate(account.id)}
                      loading={disable.isPending && disable.variables === account.id}
                      aria-label={t('staff.disable_label', { name: account.display_name })}
                    >
                      {t('staff.disable')}
                    </Button>
                  </Group>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <RecentChanges zone={location.time_zone} locale={locale} />
      {adding ? (
        <AddStaffDialog
          onClose={() => setAdding(false)}
          onInvited={(invited) => setShownLink(invited)}
          locations={session.locations}
          current={location}
          roles={rolesFor(session.account.role, roleName)}
        />
      ) : null}
      {shownLink ? <PasswordLinkDialog shown={shownLink} zone={location.time_zone} onClose={() => setShownLink(null)} /> : null}
      {editing ? <AccessDialog account={editing} onClose={() => setEditing(null)} locations={session.locations} roles={rolesFor(session.account.role, roleName)} /> : null}
    </Stack>
  );
}

function AddStaffDialog({
  onClose,
  onInvited,
  locations,
  current,
  roles,
}: {
  onClose: () => void;
  onInvited: (shown: ShownLink) => void;
  locations: SessionLocation[];
  current: SessionLocation;
  roles: RoleChoices;
}) {
  const { t } = useTranslation('accounts');
  const client = useQueryClient();
  const [values, setValues] = useState({ email: '', display_name: '', role: 'front_desk' as StaffRole });
  const [locationIds, setLocationIds] = useState<string[] | null>([current.id]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useMutation({
    mutationFn: (body: BodyOf<'webCreateAccount'>) => call(webAccountsContracts.webCreateAccount, { body }),
    onSuccess: async (invited) => {
      await invalidateContracts(client, [webAccountsContracts.webListAccounts, webAccountsContracts.webAuditLog]);
      onClose();
      onInvited({ name: invited.display_name, purpose: 'invitation', link: invited.password_link });
    },
  });
  function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = StaffAccountCreate.safeParse({ ...values, email: values.email.trim(), location_ids: values.role === 'owner' ? null : locationIds });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    create.mutate(parsed.data);
  }
  return (
    <Dialog opened onClose={onClose} title={t('staff.add')} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <ErrorAlert error={create.error} />
          <TextInput label={t('staff.column.email')} type="email" value={values.email} onChange={(e) => setValues({ ...values, email: e.currentTarget.value })} error={errors.email} data-autofocus />
          <TextInput label={t('staff.column.name')} value={values.display_name} onChange={(e) => setValues({ ...values, display_name: e.currentTarget.value })} error={errors.display_name} />
          <NativeSelect label={t('staff.column.role')} value={values.role} onChange={(e) => setValues({ ...values, role: e.currentTarget.value as StaffRole })} data={roles} />
          {values.role === 'owner' ? (
            <Text size="sm">{t('staff.owner_everywhere')}</Text>
          ) : (
            <LocationChoice label={t('staff.column.locations')} locations={locations} value={locationIds} onChange={setLocationIds} allowAll={false} error={errors.location_ids} />
          )}
          <Text size="sm">{t('staff.invite_note')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('staff.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('staff.add')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}

function AccessDialog({ account, onClose, locations, roles }: { account: StaffAccountView; onClose: () => void; locations: SessionLocation[]; roles: RoleChoices }) {
  const { t } = useTranslation('accounts');
  const client = useQueryClient();
  const [role, setRole] = useState<StaffRole>(account.role);
  const [locationIds, setLocationIds] = useState<string[] | null>(account.location_ids ?? []);
  const change = useMutation({
    mutationFn: (body: BodyOf<'webChangeAccountAccess'>) => call(webAccountsContracts.webChangeAccountAccess, { params: { id: account.id }, body }),
    onSuccess: async () => {
      await invalidateContracts(client, [webAccountsContracts.webListAccounts]);
      onClose();
    },
  });
  function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = StaffAccountAccess.safeParse({ role, location_ids: role === 'owner' ? null : locationIds });
    if (parsed.success) change.mutate(parsed.data);
  }
  return (
    <Dialog opened onClose={onClose} title={t('staff.access_title', { name: account.display_name })}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <ErrorAlert error={change.error} />
          <NativeSelect label={t('staff.column.role')} value={role} onChange={(e) => setRole(e.currentTarget.value as StaffRole)} data={roles} data-autofocus />
          {role === 'owner' ? null : <LocationChoice label={t('staff.column.locations')} locations={locations} value={locationIds} onChange={setLocationIds} allowAll={false} />}
          <Text size="sm">{t('staff.access_note', { name: account.display_name })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('staff.cancel')}
            </Button>
            <Button type="submit" loading={change.isPending}>
              {t('staff.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}

/**
 * Admin events (sign-ins, accounts, keys), newest first; check-ins are on Today and the member pages.
 * Each action code is worded in the catalog; a code added on the server later shows as itself until then.
 */
function RecentChanges({ zone, locale }: { zone: string; locale: string }) {
  const { t } = useTranslation('accounts');
  const audit = useContractQuery(webAccountsContracts.webAuditLog, {});
  const entries = audit.data?.data ?? [];
  return (
    <section aria-labelledby="recent-changes">
      <Title order={2} size="h3" id="recent-changes" mb="xs">
        {t('changes.title')}
      </Title>
      <ErrorAlert error={audit.error} />
      {audit.isSuccess && entries.length === 0 ? <Text>{t('changes.none')}</Text> : null}
      {entries.length > 0 ? (
        <Table aria-label={t('changes.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('changes.when')}</Table.Th>
              <Table.Th>{t('changes.who')}</Table.Th>
              <Table.Th>{t('changes.what')}</Table.Th>
              <Table.Th>{t('changes.subject')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map((entry) => (
              <Table.Tr key={entry.id}>
                <Table.Td>{formatLocalDateTime(entry.at, zone, locale)}</Table.Td>
                <Table.Td>{actorWords(t, entry.actor)}</Table.Td>
                <Table.Td>{t('changes.action', { action: entry.action })}</Table.Td>
                <Table.Td>{entry.target ?? ''}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
    </section>
  );
}
