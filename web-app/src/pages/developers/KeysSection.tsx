import { DateTime } from 'luxon';
import { Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { StaffSessionView } from '@studio/shared/web-app';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiKeys, type ApiKey, type Environment } from '../../api/developers.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { StatusChip } from '../../components/StatusChip.tsx';
import { formatDay, formatLocalDateTime } from '../../format/time.ts';
import { CreateKeyDialog } from './CreateKeyDialog.tsx';
import { RevokeKeyDialog } from './RevokeKeyDialog.tsx';
import { nowrap } from './table-styles.ts';
import { usePageLocale } from './usePageLocale.ts';
import { lastUsedInWords } from './words.ts';

const columns = ['name', 'ends_with', 'scopes', 'locations', 'created', 'last_used', 'action'] as const;

/**
 * The environment's API keys: last four only, scopes, reach, last use; create and revoke.
 * At 1024 px the seven columns share some 800 px, so dates and headers stay on one line and lists
 * wrap only between their items; the scroll container is the last resort for a narrower window.
 */
export function KeysSection({ environment, session, zone, locationId }: { environment: Environment; session: StaffSessionView; zone: string; locationId: string }) {
  const { t } = useTranslation('developers');
  const locale = usePageLocale();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const keys = useApiKeys(environment);
  const names = (ids: string[] | null) => (ids === null ? [t('keys.every_location')] : ids.map((id) => session.locations.find((l) => l.id === id)?.name ?? t('keys.another_location')));
  const test = environment === 'test';
  const rows = keys.data?.data ?? [];
  const title = test ? t('keys.title_test') : t('keys.title');
  return (
    <Stack component="section" aria-labelledby="keys-heading">
      <Group justify="space-between">
        <Title order={2} id="keys-heading">
          {title}
        </Title>
        <Button onClick={() => setCreating(true)}>{test ? t('keys.create_test') : t('keys.create')}</Button>
      </Group>
      <Text>{test ? t('keys.intro_test') : t('keys.intro')}</Text>
      <ErrorAlert error={keys.error} />
      <Table.ScrollContainer minWidth={720}>
        {/* A key with many scopes makes a tall row: every cell starts at the top, so the row reads across. */}
        <Table aria-label={title} striped styles={{ td: { verticalAlign: 'top' } }}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column} style={nowrap}>
                  {t(`keys.column.${column}`)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((key) => (
              <Table.Tr key={key.id}>
                <Table.Td fw={600}>{key.name}</Table.Td>
                <Table.Td ff="monospace" style={nowrap}>
                  …{key.last4}
                </Table.Td>
                <Table.Td>
                  <WholeItems items={key.scopes} />
                  {key.device ? <div>{t('keys.device', { kind: t('keys.device_kind', { kind: key.device.kind }), id: key.device.id })}</div> : null}
                </Table.Td>
                <Table.Td>
                  <WholeItems items={names(key.location_ids)} />
                </Table.Td>
                {/* The day alone, its time on hover: a German date and time together overflow a 1024 px tablet in March. */}
                <Table.Td style={nowrap}>
                  <span title={formatLocalDateTime(key.created_at, zone, locale)}>{formatDay(DateTime.fromISO(key.created_at, { zone }).toISODate()!, locale)}</span>
                </Table.Td>
                <Table.Td style={nowrap}>
                  {key.last_used_at ? <span title={formatLocalDateTime(key.last_used_at, zone, locale)}>{lastUsedInWords(t, key.last_used_at, new Date())}</span> : t('keys.never_used')}
                </Table.Td>
                <Table.Td>
                  {key.revoked_at ? (
                    <StatusChip status="revoked" />
                  ) : (
                    <Button size="xs" variant="outline" color="red.9" onClick={() => setRevoking(key)}>
                      {t('keys.revoke')}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {keys.data && rows.length === 0 ? <Text>{test ? t('keys.empty_test') : t('keys.empty')}</Text> : null}
      {creating ? (
        <CreateKeyDialog environment={environment} onClose={() => setCreating(false)} locations={session.locations} owner={session.account.role === 'owner'} currentLocationId={locationId} />
      ) : null}
      {revoking ? <RevokeKeyDialog environment={environment} apiKey={revoking} onClose={() => setRevoking(null)} /> : null}
    </Stack>
  );
}

/** A list that wraps only between its items: "read:contacts" never splits at its colon. */
function WholeItems({ items }: { items: readonly string[] }) {
  return (
    <>
      {items.map((item, index) => (
        <span key={item}>
          <span style={nowrap}>{item}</span>
          {index < items.length - 1 ? ', ' : null}
        </span>
      ))}
    </>
  );
}
