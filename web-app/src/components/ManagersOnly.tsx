import { Alert, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { managesAccounts, useSignedIn } from '../api/session.ts';

/** A page for owners and managers: the front desk, following an old link, is told why instead. */
export function ManagersOnly({ title, what, children }: { title: string; what: string; children: ReactNode }) {
  const session = useSignedIn();
  if (managesAccounts(session)) return children;
  return (
    <Stack>
      <Title order={1}>{title}</Title>
      <Alert role="alert" color="red.9" variant="light">
        {what} are managed by an owner or a manager. Ask one of them.
      </Alert>
    </Stack>
  );
}
