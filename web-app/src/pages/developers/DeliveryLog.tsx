import { Button, Group, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useDeliveries, useResendDelivery, type DeliveryStatus, type WebhookEndpoint } from '../../api/developers.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { formatLocalDateTime } from '../../format/time.ts';
import { StateBadge } from './StateBadge.tsx';
import { deliveryStatusWords, latencyInWords, nextRetryInWords } from './words.ts';

const filters: { value: DeliveryStatus | 'all'; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'delivered', label: 'Delivered' },
  { value: 'pending', label: 'Waiting or retrying' },
  { value: 'failed', label: 'Failed' },
];

/** One endpoint's deliveries, newest first: what was sent, how it went, when it is tried again; Resend. */
export function DeliveryLog({ endpoint, zone }: { endpoint: WebhookEndpoint; zone: string }) {
  const [filter, setFilter] = useState<DeliveryStatus | 'all'>('all');
  const deliveries = useDeliveries(endpoint.id, filter === 'all' ? null : filter);
  const resend = useResendDelivery(endpoint.id);
  const rows = deliveries.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text fw={600}>Delivery log</Text>
        <SegmentedControl aria-label="Show deliveries" size="xs" value={filter} onChange={(value) => setFilter(value as DeliveryStatus | 'all')} data={filters} />
      </Group>
      {endpoint.enabled ? null : <Text size="sm">The endpoint is disabled: enable it to resend deliveries.</Text>}
      <ErrorAlert error={deliveries.error ?? resend.error} />
      <Table.ScrollContainer minWidth={760}>
        <Table aria-label={`Deliveries to ${endpoint.url}`} striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Event</Table.Th>
              <Table.Th>Created</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Attempts</Table.Th>
              <Table.Th>Last HTTP status</Table.Th>
              <Table.Th>Latency</Table.Th>
              <Table.Th>Next retry</Table.Th>
              <Table.Th>Action</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((delivery) => (
              <Table.Tr key={delivery.id}>
                <Table.Td ff="monospace">{delivery.event_type}</Table.Td>
                <Table.Td>{formatLocalDateTime(delivery.created_at, zone)}</Table.Td>
                <Table.Td>
                  <StateBadge look={delivery.status} label={deliveryStatusWords(delivery)} />
                </Table.Td>
                <Table.Td ta="right">{delivery.attempts}</Table.Td>
                <Table.Td ta="right">{delivery.last_status_code ?? '—'}</Table.Td>
                <Table.Td ta="right">{latencyInWords(delivery.last_latency_ms)}</Table.Td>
                <Table.Td>{nextRetryInWords(delivery, zone)}</Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="default"
                    disabled={!endpoint.enabled}
                    onClick={() => resend.mutate(delivery.id)}
                    loading={resend.isPending && resend.variables === delivery.id}
                    aria-label={`Resend ${delivery.event_type} from ${formatLocalDateTime(delivery.created_at, zone)}`}
                  >
                    Resend
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {deliveries.data && rows.length === 0 ? (
        <Text size="sm">{filter === 'all' ? 'Nothing sent yet: deliveries appear here as soon as a chosen event happens.' : 'No delivery with this status.'}</Text>
      ) : null}
      {deliveries.hasNextPage ? (
        <Group>
          <Button variant="default" size="xs" onClick={() => void deliveries.fetchNextPage()} loading={deliveries.isFetchingNextPage}>
            Show older deliveries
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
