import { Button, Group, List, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useDeleteTestData, type TestDataDeleted } from '../../api/test-data.ts';
import { Dialog } from '../../components/Dialog.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { PasswordAgain } from '../../components/PasswordAgain.tsx';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Deleting all test data cannot be undone, so it says what goes and what stays, and asks for the
 * company's name typed (as revoking a key asks for its name) and the password again; then it shows
 * what was deleted.
 */
export function DeleteTestDataDialog({ companyName, onClose }: { companyName: string; onClose: () => void }) {
  const [typed, setTyped] = useState('');
  const [password, setPassword] = useState('');
  const remove = useDeleteTestData();
  const matches = typed.trim() === companyName;
  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (matches && password.length > 0) remove.mutate({ confirm: typed.trim(), password });
  }
  return (
    <Dialog opened onClose={onClose} title="Delete all test data" size="lg">
      {remove.data ? (
        <Deleted result={remove.data} onClose={onClose} />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <Text>
              Everything made in test mode is deleted: locations, staff, rooms, services, plans and packages, members with their memberships and cards, visits, classes, bookings, gift cards, events
              and webhook deliveries. This cannot be undone.
            </Text>
            <Text>
              <strong>Stays:</strong> test API keys and test webhook endpoints, so an integration keeps working on an empty test mode. Live data is not touched.
            </Text>
            <ErrorAlert error={remove.error} />
            <TextInput label="Company name" description={`Type ${companyName} to confirm`} value={typed} onChange={(e) => setTyped(e.currentTarget.value)} autoComplete="off" data-autofocus />
            <PasswordAgain value={password} onChange={setPassword} />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" color="red.9" disabled={!matches || password.length === 0} loading={remove.isPending}>
                Delete all test data
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Dialog>
  );
}

function Deleted({ result, onClose }: { result: TestDataDeleted; onClose: () => void }) {
  const kept = `${plural(result.kept.api_keys, 'test key', 'test keys')} and ${plural(result.kept.webhook_endpoints, 'test webhook endpoint', 'test webhook endpoints')}`;
  return (
    <Stack>
      <Text role="status" fw={600}>
        {result.removed_in_words.length > 0 ? 'Test data deleted:' : 'There was no test data to delete.'}
      </Text>
      {result.removed_in_words.length > 0 ? (
        // Two columns: the demo alone is some twenty lines, which one column would scroll at 1024 x 768.
        <List aria-label="Deleted" spacing={2} style={{ columns: 2 }}>
          {result.removed_in_words.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
      ) : null}
      <Text>Kept: {kept}.</Text>
      <Group justify="flex-end">
        <Button onClick={onClose} data-autofocus>
          Done
        </Button>
      </Group>
    </Stack>
  );
}
