import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { DeleteTestDataDialog } from './DeleteTestDataDialog.tsx';

/** Test mode's danger zone, an owner's: delete all test data, keeping test keys and endpoints (as Stripe does). */
export function TestDataSection({ companyName }: { companyName: string }) {
  const { t } = useTranslation('developers');
  const [deleting, setDeleting] = useState(false);
  return (
    <Stack component="section" aria-labelledby="test-data-heading">
      <Title order={2} id="test-data-heading">
        {t('test_data.title')}
      </Title>
      <Paper withBorder p="md" style={{ borderColor: 'var(--mantine-color-red-9)' }}>
        <Group justify="space-between" wrap="nowrap" align="center">
          <Stack gap={4}>
            <Text fw={700}>{t('test_data.delete')}</Text>
            <Text>{t('test_data.summary')}</Text>
          </Stack>
          <Button variant="outline" color="red.9" style={{ flexShrink: 0 }} onClick={() => setDeleting(true)}>
            {t('test_data.delete')}
          </Button>
        </Group>
      </Paper>
      {deleting ? <DeleteTestDataDialog companyName={companyName} onClose={() => setDeleting(false)} /> : null}
    </Stack>
  );
}
