import { Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { useWebhookEndpoints, type Environment } from '../../api/developers.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { AddEndpointDialog } from './AddEndpointDialog.tsx';
import { EndpointCard } from './EndpointCard.tsx';

/** The environment's webhook endpoints (owners only: an endpoint receives every location's events). */
export function WebhooksSection({ environment, zone }: { environment: Environment; zone: string }) {
  const { t } = useTranslation('developers');
  const [adding, setAdding] = useState(false);
  const endpoints = useWebhookEndpoints(environment);
  const test = environment === 'test';
  const rows = endpoints.data?.data ?? [];
  return (
    <Stack component="section" aria-labelledby="webhooks-heading">
      <Group justify="space-between">
        <Title order={2} id="webhooks-heading">
          {test ? t('webhooks.title_test') : t('webhooks.title')}
        </Title>
        <Button onClick={() => setAdding(true)}>{test ? t('webhooks.add_test') : t('webhooks.add')}</Button>
      </Group>
      <Text>{test ? t('webhooks.intro_test') : t('webhooks.intro')}</Text>
      <ErrorAlert error={endpoints.error} />
      {endpoints.isPending ? <Skeleton height={120} /> : null}
      {rows.map((endpoint) => (
        <EndpointCard key={endpoint.id} endpoint={endpoint} zone={zone} />
      ))}
      {endpoints.data && rows.length === 0 ? <Text>{t('webhooks.empty')}</Text> : null}
      {adding ? <AddEndpointDialog environment={environment} onClose={() => setAdding(false)} /> : null}
    </Stack>
  );
}
