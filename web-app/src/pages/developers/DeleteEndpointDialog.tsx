import { Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useDeleteEndpoint, type WebhookEndpoint } from '../../api/developers.ts';
import { Dialog } from '../../components/Dialog.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { PasswordAgain } from '../../components/PasswordAgain.tsx';

/** Deleting stops deliveries at once, waiting retries included, and cannot be undone: confirmed twice. */
export function DeleteEndpointDialog({ endpoint, onClose, onDeleted }: { endpoint: WebhookEndpoint; onClose: () => void; onDeleted: () => void }) {
  const [password, setPassword] = useState('');
  const [sure, setSure] = useState(false);
  const remove = useDeleteEndpoint(endpoint);
  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (sure && password.length > 0) remove.mutate(password, { onSuccess: onDeleted });
  }
  return (
    <Dialog opened onClose={onClose} title="Delete endpoint">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text>
            No more events go to <strong>{endpoint.url}</strong>, including retries still waiting. This cannot be undone; to pause deliveries instead, disable the endpoint.
          </Text>
          <ErrorAlert error={remove.error} />
          <Checkbox label="Stop sending events to this endpoint" checked={sure} onChange={(e) => setSure(e.currentTarget.checked)} data-autofocus />
          <PasswordAgain value={password} onChange={setPassword} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color="red.9" disabled={!sure || password.length === 0} loading={remove.isPending}>
              Delete endpoint
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
