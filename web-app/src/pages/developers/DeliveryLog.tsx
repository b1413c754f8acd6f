import { Button, Group, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { useDeliveries, useResendDelivery, type DeliveryStatus, type WebhookEndpoint } from '../../api/developers.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { DeliveryRow, deliveryColumns } from './DeliveryRow.tsx';
import { nowrap } from './table-styles.ts';

const filters = ['all', 'delivered', 'pending', 'failed'] as const satisfies readonly (DeliveryStatus | 'all')[];

/**
 * One endpoint's deliveries, newest first: what was sent, how it went, when it is tried again; each
 * row opens its attempts (when, the HTTP status or the error, the latency), and Resend.
 */
export function DeliveryLog({ endpoint, zone }: { endpoint: WebhookEndpoint; zone: string }) {
  const { t } = useTranslation('developers');
  const [filter, setFilter] = useState<DeliveryStatus | 'all'>('all');
  const deliveries = useDeliveries(endpoint.id, filter === 'all' ? null : filter);
  const resend = useResendDelivery(endpoint.id);
  const rows = deliveries.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text fw={600}>{t('log.title')}</Text>
        <SegmentedControl
          aria-label={t('log.filter')}
          size="xs"
          value={filter}
          onChange={(value) => setFilter(value as DeliveryStatus | 'all')}
          data={filters.map((value) => ({ value, label: t(`log.filter.${value}`) }))}
        />
      </Group>
      {endpoint.enabled ? null : <Text size="sm">{t('log.endpoint_disabled')}</Text>}
      <ErrorAlert error={deliveries.error ?? resend.error} />
      <Table.ScrollContainer minWidth={640}>
        <Table aria-label={t('log.table', { url: endpoint.url })}>
          <Table.Thead>
            <Table.Tr>
              {deliveryColumns.map((column) => (
                <Table.Th key={column} style={nowrap}>
                  {t(`log.column.${column}`)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((delivery) => (
              <DeliveryRow
                key={delivery.id}
                delivery={delivery}
                zone={zone}
                onResend={endpoint.enabled ? () => resend.mutate(delivery.id) : null}
                resending={resend.isPending && resend.variables === delivery.id}
              />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {deliveries.data && rows.length === 0 ? <Text size="sm">{filter === 'all' ? t('log.empty') : t('log.empty_filtered')}</Text> : null}
      {deliveries.hasNextPage ? (
        <Group>
          <Button variant="default" size="xs" onClick={() => void deliveries.fetchNextPage()} loading={deliveries.isFetchingNextPage}>
            {t('log.more')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
