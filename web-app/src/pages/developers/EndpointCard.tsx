import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { useSendTestEvent, type WebhookEndpoint } from '../../api/developers.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { DeleteEndpointDialog } from './DeleteEndpointDialog.tsx';
import { DeliveryLog } from './DeliveryLog.tsx';
import { EditEndpointDialog } from './EditEndpointDialog.tsx';
import { RotateSecretDialog } from './RotateSecretDialog.tsx';
import { StateBadge } from './StateBadge.tsx';
import { ToggleEndpointDialog } from './ToggleEndpointDialog.tsx';
import { usePageLocale } from './usePageLocale.ts';
import { endpointState, eventTypesInWords } from './words.ts';

/** One endpoint: where, which events, whether they go out and why not; its actions and, when opened, its delivery log. */
export function EndpointCard({ endpoint, zone }: { endpoint: WebhookEndpoint; zone: string }) {
  const { t } = useTranslation('developers');
  const locale = usePageLocale();
  const [dialog, setDialog] = useState<'edit' | 'toggle' | 'rotate' | 'delete' | null>(null);
  const [logOpen, setLogOpen] = useState(false);
  const sendTest = useSendTestEvent(endpoint.id);
  const state = endpointState(t, endpoint, { zone, locale });
  const headingId = `endpoint-${endpoint.id}`;
  return (
    <Paper component="article" withBorder p="md" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={3} fz="md" id={headingId} ff="monospace" style={{ overflowWrap: 'anywhere' }}>
              {endpoint.url}
            </Title>
            {endpoint.description ? <Text size="sm">{endpoint.description}</Text> : null}
          </Stack>
          <StateBadge look={state.status} label={state.label} />
        </Group>
        {state.detail ? <Text size="sm">{state.detail}</Text> : null}
        <Text size="sm">
          <Text span fw={600}>
            {t('endpoint.events')}{' '}
          </Text>
          {eventTypesInWords(t, endpoint.event_types)}
        </Text>
        <Text size="sm">
          <Text span fw={600}>
            {t('endpoint.secret_ends_with')}{' '}
          </Text>
          <code>{endpoint.secret_last4}</code>
        </Text>
        <ErrorAlert error={sendTest.error} />
        {sendTest.isSuccess ? (
          <Text size="sm" role="status" fw={600}>
            {t('endpoint.test_sent')}
          </Text>
        ) : null}
        <Group gap="xs">
          <Button size="xs" variant={logOpen ? 'filled' : 'default'} aria-expanded={logOpen} onClick={() => setLogOpen(!logOpen)}>
            {logOpen ? t('endpoint.log_hide') : t('endpoint.log')}
          </Button>
          <Button size="xs" variant="default" onClick={() => setDialog('toggle')}>
            {endpoint.enabled ? t('endpoint.disable') : t('endpoint.enable')}
          </Button>
          <Button
            size="xs"
            variant="default"
            disabled={!endpoint.enabled}
            title={endpoint.enabled ? undefined : t('endpoint.send_test_needs_enabled')}
            loading={sendTest.isPending}
            onClick={() => sendTest.mutate(undefined, { onSuccess: () => setLogOpen(true) })}
          >
            {t('endpoint.send_test')}
          </Button>
          <Button size="xs" variant="default" onClick={() => setDialog('edit')}>
            {t('endpoint.edit')}
          </Button>
          <Button size="xs" variant="default" onClick={() => setDialog('rotate')}>
            {t('endpoint.rotate')}
          </Button>
          <Button size="xs" variant="outline" color="red.9" onClick={() => setDialog('delete')}>
            {t('endpoint.delete')}
          </Button>
        </Group>
        {logOpen ? <DeliveryLog endpoint={endpoint} zone={zone} /> : null}
      </Stack>
      {dialog === 'edit' ? <EditEndpointDialog endpoint={endpoint} onClose={() => setDialog(null)} /> : null}
      {dialog === 'toggle' ? <ToggleEndpointDialog endpoint={endpoint} onClose={() => setDialog(null)} /> : null}
      {dialog === 'rotate' ? <RotateSecretDialog endpoint={endpoint} onClose={() => setDialog(null)} /> : null}
      {dialog === 'delete' ? <DeleteEndpointDialog endpoint={endpoint} onClose={() => setDialog(null)} onDeleted={() => setDialog(null)} /> : null}
    </Paper>
  );
}
