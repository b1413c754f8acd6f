import { Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useWebhookEndpoints, type Environment } from '../../api/developers.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { AddEndpointDialog } from './AddEndpointDialog.tsx';
import { EndpointCard } from './EndpointCard.tsx';

/** The environment's webhook endpoints (owners only: an endpoint receives every location's events). */
export function WebhooksSection({ environment, zone }: { environment: Environment; zone: string }) {
  const [adding, setAdding] = useState(false);
  const endpoints = useWebhookEndpoints(environment);
  const test = environment === 'test';
  const rows = endpoints.data?.data ?? [];
  return (
    <Stack component="section" aria-labelledby="webhooks-heading">
      <Group justify="space-between">
        <Title order={2} id="webhooks-heading">
          {test ? 'Test webhooks' : 'Webhooks'}
        </Title>
        <Button onClick={() => setAdding(true)}>{test ? 'Add test endpoint' : 'Add endpoint'}</Button>
      </Group>
      <Text>
        {test
          ? 'Test endpoints receive only events from test data, made with test keys.'
          : 'Webhooks send an event to your software the moment something happens here (a booking, a check-in), instead of it asking again and again.'}
      </Text>
      <ErrorAlert error={endpoints.error} />
      {endpoints.isPending ? <Skeleton height={120} /> : null}
      {rows.map((endpoint) => (
        <EndpointCard key={endpoint.id} endpoint={endpoint} zone={zone} />
      ))}
      {endpoints.data && rows.length === 0 ? <Text>No endpoint yet: add the address of the program that should receive events.</Text> : null}
      {adding ? <AddEndpointDialog environment={environment} onClose={() => setAdding(false)} /> : null}
    </Stack>
  );
}
