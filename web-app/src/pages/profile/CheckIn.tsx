import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffSessionView } from '@studio/shared/web-app';
import { useState } from 'react';
import { call, type BodyOf } from '../../api/call.ts';
import { ApiRequestError } from '../../api/http.ts';
import { profileKey } from '../../api/members.ts';
import { canOverride } from '../../api/session.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { reasonInWords } from '../../format/reasons.ts';
import { webDeskContracts } from '@studio/shared/contracts/web-desk';

/**
 * The desk's check-in: one Idempotency-Key per attempt, so a repeated request of the same attempt
 * is answered by the server's replay and never records a second visit; callers disable the button
 * while it is pending and show the visit only once the server confirms it.
 */
export function useDeskCheckIn(contactId: string, locationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (variables: Omit<BodyOf<'webDeskCheckIn'>, 'location_id'>) =>
      call(webDeskContracts.webDeskCheckIn, { params: { id: contactId }, body: { location_id: locationId, ...variables }, idempotencyKey: crypto.randomUUID() }),
    // A refusal is stored too: the page reloads either way to show the visit or the refused attempt.
    onSettled: () => client.invalidateQueries({ queryKey: profileKey(contactId) }),
  });
}

/** The answer of a desk check-in in an alert; a refusal names its reasons and, for owners and managers, offers an override with a reason. */
export function CheckInResult({ mutation, name, session }: { mutation: ReturnType<typeof useDeskCheckIn>; name: string; session: StaffSessionView }) {
  const [reason, setReason] = useState('');
  if (mutation.isSuccess) {
    return (
      <Alert color="green" variant="light" mt="md" role="alert">
        <Text fw={600}>✓ Checked in {name}</Text>
      </Alert>
    );
  }
  const error = mutation.error;
  if (!(error instanceof ApiRequestError) || error.code !== 'checkin_blocked') return error ? <ErrorAlert error={error} /> : null;
  const reasons = error.reasons;
  const tooShort = reason.trim().length < 3;
  return (
    <Stack mt="md" gap="sm">
      <Alert color="red.9" variant="light" role="alert">
        <Text fw={600}>✕ Refused: {error.message}</Text>
        {reasons.length > 0 ? <Text size="sm">{reasons.map(reasonInWords).join('; ')}</Text> : null}
        {error.requestId ? (
          <Text size="xs" c="dimmed">
            Request id: {error.requestId}
          </Text>
        ) : null}
      </Alert>
      {canOverride(session) ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (!tooShort && !mutation.isPending) mutation.mutate({ override_reason: reason.trim() });
          }}
        >
          <Group align="flex-end">
            <TextInput
              label="Override reason"
              description="Recorded with the visit, e.g. paid cash at the desk"
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              style={{ flex: 1 }}
              maxLength={300}
            />
            <Button type="submit" color="red.9" disabled={tooShort || mutation.isPending} loading={mutation.isPending}>
              Check in anyway
            </Button>
          </Group>
        </form>
      ) : null}
    </Stack>
  );
}
