import { Button, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDeliveryAttempts, type WebhookDelivery } from '../../api/developers.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { formatLocalDateTimeSeconds } from '../../format/time.ts';
import { StateBadge } from './StateBadge.tsx';
import { nowrap } from './table-styles.ts';
import { usePageLocale } from './usePageLocale.ts';
import { attemptInWords, latencyInWords } from './words.ts';

/**
 * Every attempt of one delivery, oldest first, for an integrator debugging a receiver: when it was
 * sent (to the second, in the location's time: retries can be seconds apart), what came back (the
 * HTTP status, or what stopped the request in words) and how long it took.
 */
export function DeliveryAttempts({ delivery, label, zone }: { delivery: Pick<WebhookDelivery, 'id'>; label: string; zone: string }) {
  const { t } = useTranslation('developers');
  const locale = usePageLocale();
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
                {t('attempts.column.attempt')}
              </Table.Th>
              <Table.Th style={nowrap}>{t('attempts.column.sent')}</Table.Th>
              <Table.Th style={nowrap}>{t('attempts.column.result')}</Table.Th>
              <Table.Th style={nowrap}>{t('attempts.column.answer')}</Table.Th>
              <Table.Th ta="right" style={nowrap}>
                {t('attempts.column.latency')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((attempt, index) => {
              const words = attemptInWords(t, attempt);
              return (
                <Table.Tr key={attempt.id}>
                  <Table.Td ta="right">{index + 1}</Table.Td>
                  <Table.Td style={nowrap}>{formatLocalDateTimeSeconds(attempt.at, zone, locale)}</Table.Td>
                  <Table.Td>
                    <StateBadge look={words.look} label={words.label} />
                  </Table.Td>
                  <Table.Td>{words.answer}</Table.Td>
                  <Table.Td ta="right" style={nowrap}>
                    {latencyInWords(t, attempt.latency_ms)}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      ) : null}
      {attempts.data && rows.length === 0 ? <Text size="sm">{t('attempts.none')}</Text> : null}
      {attempts.hasNextPage ? (
        <Group>
          <Button variant="default" size="xs" onClick={() => void attempts.fetchNextPage()} loading={attempts.isFetchingNextPage}>
            {t('attempts.more')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
