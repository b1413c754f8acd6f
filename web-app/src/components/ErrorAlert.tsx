import { Alert, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../api/http.ts';

/** An API error as the desk reads it: the server's sentence, and the request id small for support. */
export function ErrorAlert({ error, title }: { error: unknown; title?: string }) {
  const { t } = useTranslation();
  if (!error) return null;
  const message = error instanceof Error ? error.message : t('error.unknown');
  const requestId = error instanceof ApiRequestError ? error.requestId : null;
  return (
    <Alert role="alert" color="red.9" variant="light" title={title}>
      <Text size="sm">{message}</Text>
      {requestId ? (
        <Text size="xs" c="dimmed" mt={4}>
          {t('error.request_id', { id: requestId })}
        </Text>
      ) : null}
    </Alert>
  );
}
