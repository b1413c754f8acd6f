import { Button, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useDeliveryAttempts, type WebhookDelivery } from '../../api/developers.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { formatLocalDateTimeSeconds } from '../../format/time.ts';
import { StateBadge } from './StateBadge.tsx';
import { nowrap } from './table-styles.ts';
import { attemptInWords, latencyInWords } from './words.ts';

/**
 * Every attempt of one delivery, oldest first, for an integrator debugging a receiver: when it was
 * sent (to the second, in the location's time: retries can be seconds apart), what came back (the
 * HTTP status, or what stopped the request in words) and how long it took.
 */
export function DeliveryAttempts({ delivery, label, zone }: { delivery: Pick<WebhookDelivery, 'id'>; label: string; zone: string }) {
  const attempts = useDeliveryAttempts(delivery.id);
  const rows = attempts.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <Stack gap="xs" align="flex-start">
      <ErrorAlert error={attempts.error} />
      {attempts.isPending ? <Skeleton height={48} /> : null}
      {rows.length > 0 ? (
        <Table aria-label={label} withRowBorders={false} verticalSpacing={4} horizontalSpacing="lg" style={{ width: 'auto' }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th ta="right" style={nowrap}>
                Attempt
              </Table.Th>
              <Table.Th style={nowrap}>Sent</Table.Th>
              <Table.Th style={nowrap}>Result</Table.Th>
              <Table.Th style={nowrap}>Answer</Table.Th>
              <Table.Th ta="right" style={nowrap}>
                Latency
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((attempt, index) => {
              const words = attemptInWords(attempt);
              return (
                <Table.Tr key={attempt.id}>
                  <Table.Td ta="right">{index + 1}</Table.Td>
                  <Table.Td style={nowrap}>{formatLocalDateTimeSeconds(attempt.at, zone)}</Table.Td>
                  <Table.Td>
                    <StateBadge look={words.look} label={words.label} />
                  </Table.Td>
                  <Table.Td>{words.answer}</Table.Td>
                  <Table.Td ta="right" style={nowrap}>
                    {latencyInWords(attempt.latency_ms)}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      ) : null}
      {attempts.data && rows.length === 0 ? <Text size="sm">Not sent yet: the first attempt is made within moments.</Text> : null}
      {attempts.hasNextPage ? (
        <Group>
          <Button variant="default" size="xs" onClick={() => void attempts.fetchNextPage()} loading={attempts.isFetchingNextPage}>
            Show later attempts
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
