import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { DeleteTestDataDialog } from './DeleteTestDataDialog.tsx';

/** Test mode's danger zone, an owner's: delete all test data, keeping test keys and endpoints (as Stripe does). */
export function TestDataSection({ companyName }: { companyName: string }) {
  const [deleting, setDeleting] = useState(false);
  return (
    <Stack component="section" aria-labelledby="test-data-heading">
      <Title order={2} id="test-data-heading">
        Danger zone
      </Title>
      <Paper withBorder p="md" style={{ borderColor: 'var(--mantine-color-red-9)' }}>
        <Group justify="space-between" wrap="nowrap" align="center">
          <Stack gap={4}>
            <Text fw={700}>Delete all test data</Text>
            <Text>Deletes every record made in test mode, to start again from an empty test mode. Test keys and test webhook endpoints stay; live data is never touched.</Text>
          </Stack>
          <Button variant="outline" color="red.9" style={{ flexShrink: 0 }} onClick={() => setDeleting(true)}>
            Delete all test data
          </Button>
        </Group>
      </Paper>
      {deleting ? <DeleteTestDataDialog companyName={companyName} onClose={() => setDeleting(false)} /> : null}
    </Stack>
  );
}
