import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useSendTestEvent, type WebhookEndpoint } from '../../api/developers.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { DeleteEndpointDialog } from './DeleteEndpointDialog.tsx';
import { DeliveryLog } from './DeliveryLog.tsx';
import { EditEndpointDialog } from './EditEndpointDialog.tsx';
import { RotateSecretDialog } from './RotateSecretDialog.tsx';
import { StateBadge } from './StateBadge.tsx';
import { ToggleEndpointDialog } from './ToggleEndpointDialog.tsx';
import { endpointState, eventTypesInWords } from './words.ts';

/** One endpoint: where, which events, whether they go out and why not; its actions and, when opened, its delivery log. */
export function EndpointCard({ endpoint, zone }: { endpoint: WebhookEndpoint; zone: string }) {
  const [dialog, setDialog] = useState<'edit' | 'toggle' | 'rotate' | 'delete' | null>(null);
  const [logOpen, setLogOpen] = useState(false);
  const sendTest = useSendTestEvent(endpoint.id);
  const state = endpointState(endpoint, zone);
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
            Events:{' '}
          </Text>
          {eventTypesInWords(endpoint.event_types)}
        </Text>
        <Text size="sm">
          <Text span fw={600}>
            Signing secret ends with:{' '}
          </Text>
          <code>{endpoint.secret_last4}</code>
        </Text>
        <ErrorAlert error={sendTest.error} />
        {sendTest.isSuccess ? (
          <Text size="sm" role="status" fw={600}>
            Test event sent; see the delivery log.
          </Text>
        ) : null}
        <Group gap="xs">
          <Button size="xs" variant={logOpen ? 'filled' : 'default'} aria-expanded={logOpen} onClick={() => setLogOpen(!logOpen)}>
            {logOpen ? 'Hide delivery log' : 'Delivery log'}
          </Button>
          <Button size="xs" variant="default" onClick={() => setDialog('toggle')}>
            {endpoint.enabled ? 'Disable' : 'Enable'}
          </Button>
          <Button
            size="xs"
            variant="default"
            disabled={!endpoint.enabled}
            title={endpoint.enabled ? undefined : 'Enable the endpoint to send it a test event'}
            loading={sendTest.isPending}
            onClick={() => sendTest.mutate(undefined, { onSuccess: () => setLogOpen(true) })}
          >
            Send test event
          </Button>
          <Button size="xs" variant="default" onClick={() => setDialog('edit')}>
            Edit
          </Button>
          <Button size="xs" variant="default" onClick={() => setDialog('rotate')}>
            Rotate secret
          </Button>
          <Button size="xs" variant="outline" color="red.9" onClick={() => setDialog('delete')}>
            Delete
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
