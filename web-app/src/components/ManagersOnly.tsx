import { Alert, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { managesAccounts, useSignedIn } from '../api/session.ts';

interface ManagersOnlyProps {
  title: string;
  /**
   * The whole sentence the front desk reads instead, from the caller's catalog ("API keys are
   * managed by…"): one message per page, so each language can build it around its own noun.
   */
  refusal?: string;
  /** Only for callers not yet moved to `refusal`: a noun put into a common sentence (reads stiffly in German). */
  what?: string;
  children: ReactNode;
}

/** A page for owners and managers: the front desk, following an old link, is told why instead. */
export function ManagersOnly({ title, refusal, what, children }: ManagersOnlyProps) {
  const { t } = useTranslation();
  const session = useSignedIn();
  if (managesAccounts(session)) return children;
  return (
    <Stack>
      <Title order={1}>{title}</Title>
      <Alert role="alert" color="red.9" variant="light">
        {refusal ?? t('managers_only.fallback', { what: what ?? title })}
      </Alert>
    </Stack>
  );
}
