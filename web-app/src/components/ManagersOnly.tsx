import { Alert, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { managesAccounts, useSignedIn } from '../api/session.ts';

interface ManagersOnlyProps {
  title: string;
  /**
   * The whole sentence the front desk reads instead, from the caller's catalog ("API keys are
   * managed by…"): one message per page, so each language can build it around its own noun.
   */
  refusal: string;
  children: ReactNode;
}

/** A page for owners and managers: the front desk, following an old link, is told why instead. */
export function ManagersOnly({ title, refusal, children }: ManagersOnlyProps) {
  const session = useSignedIn();
  if (managesAccounts(session)) return children;
  return (
    <Stack>
      <Title order={1}>{title}</Title>
      <Alert role="alert" color="red.9" variant="light">
        {refusal}
      </Alert>
    </Stack>
  );
}
