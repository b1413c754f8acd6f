import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import type { WebhookDelivery } from '../../api/developers.ts';
import { formatLocalDateTime } from '../../format/time.ts';
import { DeliveryAttempts } from './DeliveryAttempts.tsx';
import { StateBadge } from './StateBadge.tsx';
import { nowrap } from './table-styles.ts';
import { usePageLocale } from './usePageLocale.ts';
import { attemptCount, deliveryStatusWords } from './words.ts';

/** The delivery log's columns, for the opened attempts' row to span them. */
export const deliveryColumns = ['event', 'created', 'status', 'actions'] as const;

interface DeliveryRowProps {
  delivery: WebhookDelivery;
  zone: string;
  /** Null while the endpoint is disabled: nothing would send it. */
  onResend: (() => void) | null;
  resending: boolean;
}

/**
 * One delivery: its event, when, its status with why it last failed and when it is tried next, and
 * its actions. "N attempts" opens a row below it listing every attempt (a button, so the keyboard
 * opens and closes it as a click does).
 */
export function DeliveryRow({ delivery, zone, onResend, resending }: DeliveryRowProps) {
  const { t } = useTranslation('developers');
  const locale = usePageLocale();
  const [open, setOpen] = useState(false);
  const created = formatLocalDateTime(delivery.created_at, zone, locale);
  const status = deliveryStatusWords(t, delivery, { zone, locale });
  const event = delivery.event_type;
  const attemptsId = `attempts-${delivery.id}`;
  return (
    <>
      <Table.Tr>
        <Table.Td ff="monospace" style={nowrap}>
          {delivery.event_type}
        </Table.Td>
        <Table.Td style={nowrap}>{created}</Table.Td>
        <Table.Td>
          <Stack gap={2} align="flex-start">
            <StateBadge look={delivery.status} label={status.label} />
            {status.detail ? <Text size="sm">{status.detail}</Text> : null}
          </Stack>
        </Table.Td>
        <Table.Td>
          <Group gap="xs" wrap="nowrap">
            <Button
              size="xs"
              variant={open ? 'filled' : 'default'}
              aria-expanded={open}
              aria-controls={open ? attemptsId : undefined}
              onClick={() => setOpen(!open)}
              aria-label={t('delivery.attempts_of', { count: delivery.attempts, event, created })}
            >
              {attemptCount(t, delivery.attempts)}
            </Button>
            <Button size="xs" variant="default" disabled={onResend === null} onClick={onResend ?? undefined} loading={resending} aria-label={t('delivery.resend_label', { event, created })}>
              {t('delivery.resend')}
            </Button>
          </Group>
        </Table.Td>
      </Table.Tr>
      {open ? (
        <Table.Tr id={attemptsId} bg="gray.0">
          <Table.Td colSpan={deliveryColumns.length}>
            <DeliveryAttempts delivery={delivery} zone={zone} label={t('delivery.attempts_table', { event, created })} />
          </Table.Td>
        </Table.Tr>
      ) : null}
    </>
  );
}
