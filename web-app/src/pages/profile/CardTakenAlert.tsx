import { Alert, Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiRequestError } from '../../api/http.ts';
import type { CardHolder } from '../../format/card-taken.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';

/**
 * A card someone else holds: their name and a link to their page, where the card can be revoked
 * before it moves. Without a holder (outside this staff member's locations) the server's sentence
 * says whom to ask instead.
 */
export function CardTakenAlert({ error, holder, onOpenHolder }: { error: unknown; holder: CardHolder | null; onOpenHolder: () => void }) {
  const { t } = useTranslation('profile');
  const { t: common } = useTranslation();
  if (!holder) return <ErrorAlert error={error} title={t('taken.title')} />;
  const requestId = error instanceof ApiRequestError ? error.requestId : null;
  return (
    <Alert role="alert" color="red.9" variant="light">
      <Text size="sm">
        {t('taken.belongs_before')}{' '}
        <Anchor component={Link} to={`/members/${encodeURIComponent(holder.contact_id)}`} onClick={onOpenHolder} c="inherit" fw={700} underline="always">
          {holder.name}
        </Anchor>
        {t('taken.belongs_after')}
      </Text>
      {requestId ? (
        <Text size="xs" c="dimmed" mt={4}>
          {common('error.request_id', { id: requestId })}
        </Text>
      ) : null}
    </Alert>
  );
}
