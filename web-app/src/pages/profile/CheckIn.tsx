import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffSessionView } from '@studio/shared/web-app';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, type BodyOf } from '../../api/call.ts';
import { ApiRequestError } from '../../api/http.ts';
import { profileKey } from '../../api/members.ts';
import { canOverride } from '../../api/session.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { reasonWords } from '../../format/event-words.ts';
import { webDeskContracts } from '@studio/shared/contracts/web-desk';

type Variables = Omit<BodyOf<'webDeskCheckIn'>, 'location_id'>;

/** The server answered and the answer stands: a refusal, or a question. Nothing else (a lost connection) ends an attempt. */
const answered = (error: unknown) => error instanceof ApiRequestError && error.status >= 400 && error.status < 500 && error.code !== 'idempotency_key_in_use';

/**
 * The desk's check-in: one Idempotency-Key per intent (a plain check-in, an override with its
 * reason, a confirmed second visit), kept across clicks, so a repeated click or a retry after a
 * lost connection replays the server's first answer and never records a second visit. An intent
 * the server refused or questioned takes a new key next time, as the member's state may have
 * changed since. A member checked in minutes ago is asked about (`checked_in_recently`) before a
 * second visit, with `confirm_again`.
 */
export function useDeskCheckIn(contactId: string, locationId: string) {
  const client = useQueryClient();
  const keys = useRef(new Map<string, string>());
  const keyOf = (variables: Variables) => {
    const intent = JSON.stringify(variables);
    const known = keys.current.get(intent);
    if (known) return known;
    const made = crypto.randomUUID();
    keys.current.set(intent, made);
    return made;
  };
  return useMutation({
    mutationFn: (variables: Variables) => call(webDeskContracts.webDeskCheckIn, { params: { id: contactId }, body: { location_id: locationId, ...variables }, idempotencyKey: keyOf(variables) }),
    onError: (error, variables) => {
      if (answered(error)) keys.current.delete(JSON.stringify(variables));
    },
    // A refusal is stored too: the page reloads either way to show the visit or the refused attempt.
    onSettled: () => client.invalidateQueries({ queryKey: profileKey(contactId) }),
  });
}

/** The answer of a desk check-in in an alert: done, a question before a second visit, or a refusal with its reasons and, for owners and managers, an override. */
export function CheckInResult({ mutation, name, session }: { mutation: ReturnType<typeof useDeskCheckIn>; name: string; session: StaffSessionView }) {
  const { t } = useTranslation('members');
  const { t: common } = useTranslation();
  const [reason, setReason] = useState('');
  if (mutation.isSuccess) {
    return (
      <Alert color="green" variant="light" mt="md" role="alert">
        <Text fw={600}>
          <span aria-hidden>✓ </span>
          {t('checkin.done', { name })}
        </Text>
      </Alert>
    );
  }
  const error = mutation.error;
  if (error instanceof ApiRequestError && error.code === 'checked_in_recently') return <AskAgain mutation={mutation} minutes={Number(error.details?.minutes_ago ?? 0)} />;
  if (!(error instanceof ApiRequestError) || error.code !== 'checkin_blocked') return error ? <ErrorAlert error={error} /> : null;
  const reasons = error.reasons;
  const tooShort = reason.trim().length < 3;
  return (
    <Stack mt="md" gap="sm">
      <Alert color="red.9" variant="light" role="alert">
        <Text fw={600}>
          <span aria-hidden>✕ </span>
          {t('checkin.refused', { message: error.message })}
        </Text>
        {reasons.length > 0 ? <Text size="sm">{reasons.map((code) => reasonWords(common, code)).join('; ')}</Text> : null}
        {error.requestId ? (
          <Text size="xs" c="dimmed">
            {t('checkin.request_id', { id: error.requestId })}
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
              label={t('checkin.override_reason')}
              description={t('checkin.override_hint')}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              style={{ flex: 1 }}
              maxLength={300}
            />
            <Button type="submit" color="red.9" disabled={tooShort || mutation.isPending} loading={mutation.isPending}>
              {t('checkin.anyway')}
            </Button>
          </Group>
        </form>
      ) : null}
    </Stack>
  );
}

/** "Checked in 3 minutes ago. Check in again?": a second visit only when staff say so. */
function AskAgain({ mutation, minutes }: { mutation: ReturnType<typeof useDeskCheckIn>; minutes: number }) {
  const { t } = useTranslation('members');
  return (
    <Alert color="yellow" variant="light" mt="md" role="alert">
      <Stack gap="sm">
        <Text fw={600}>{t('checkin.recent', { minutes })}</Text>
        <Group>
          <Button onClick={() => mutation.mutate({ confirm_again: true })} disabled={mutation.isPending} loading={mutation.isPending}>
            {t('checkin.again')}
          </Button>
          <Button variant="default" onClick={() => mutation.reset()}>
            {t('checkin.keep')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
