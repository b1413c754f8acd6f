import { Alert, Anchor, Text } from '@mantine/core';
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
  if (!holder) return <ErrorAlert error={error} title="This card is held by another member" />;
  const requestId = error instanceof ApiRequestError ? error.requestId : null;
  return (
    <Alert role="alert" color="red.9" variant="light">
      <Text size="sm">
        This card belongs to{' '}
        <Anchor component={Link} to={`/members/${encodeURIComponent(holder.contact_id)}`} onClick={onOpenHolder} c="inherit" fw={700} underline="always">
          {holder.name}
        </Anchor>
        . To move it, revoke it on their page first.
      </Text>
      {requestId ? (
        <Text size="xs" c="dimmed" mt={4}>
          Request id: {requestId}
        </Text>
      ) : null}
    </Alert>
  );
}
