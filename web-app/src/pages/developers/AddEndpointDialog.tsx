import { Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { WebhookEndpointCreate } from '@studio/shared/schemas/webhooks';
import { useState } from 'react';
import { ApiRequestError } from '../../api/http.ts';
import { useCreateEndpoint, type Environment } from '../../api/developers.ts';
import { Dialog } from '../../components/Dialog.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { fieldErrors } from '../../format/form-errors.ts';
import { EventTypeChecklist } from './EventTypeChecklist.tsx';
import { SecretOnce } from './SecretOnce.tsx';
import { VerifyHint } from './VerifyHint.tsx';

const formFields = new Set(['url', 'event_types', 'description', 'password']);

/** Adds an endpoint in the chosen environment, then shows its signing secret once. */
export function AddEndpointDialog({ environment, onClose }: { environment: Environment; onClose: () => void }) {
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [eventTypes, setEventTypes] = useState<string[]>(['*']);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateEndpoint();
  const secret = create.data?.secret;
  const title = environment === 'test' ? 'Add test endpoint' : 'Add endpoint';

  // The server's refusal beside its field when it names one (a URL it will not send to), else above the form.
  const refused = create.error instanceof ApiRequestError && create.error.param && formFields.has(create.error.param) ? create.error : null;
  const fieldError = (field: string) => errors[field] ?? (refused?.param === field ? refused.message : undefined);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = WebhookEndpointCreate.safeParse({ url: url.trim(), event_types: eventTypes, description: description.trim(), enabled: true });
    const problems = parsed.success ? {} : fieldErrors(parsed.error);
    if (problems.url) problems.url = 'Enter a full http:// or https:// address, such as https://example.com/webhooks.';
    if (problems.event_types) problems.event_types = 'Choose at least one event, or all events.';
    if (password.length === 0) problems.password = 'Enter your password.';
    setErrors(problems);
    if (!parsed.success || password.length === 0) return;
    create.mutate({ ...parsed.data, environment, password }, { onSuccess: () => setPassword('') });
  }

  return (
    <Dialog opened onClose={secret ? () => undefined : onClose} title={title} size="xl" closeOnClickOutside={!secret} closeOnEscape={!secret} withCloseButton={!secret}>
      {secret ? (
        <SecretOnce label="Signing secret" secret={secret} notice="Copy the signing secret now: it is not shown again. Only its last four characters stay visible." onDone={onClose}>
          <VerifyHint />
        </SecretOnce>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <ErrorAlert error={refused ? null : create.error} />
            <TextInput
              label="Endpoint URL"
              description="Where events are POSTed, e.g. https://example.com/webhooks"
              value={url}
              onChange={(e) => setUrl(e.currentTarget.value)}
              error={fieldError('url')}
              inputMode="url"
              autoComplete="off"
              data-autofocus
            />
            <TextInput
              label="Description"
              description="Optional: what receives these events"
              value={description}
              onChange={(e) => setDescription(e.currentTarget.value)}
              error={fieldError('description')}
            />
            <EventTypeChecklist value={eventTypes} onChange={setEventTypes} error={fieldError('event_types')} />
            <PasswordInput
              label="Password"
              description="Your password, to confirm it is you"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              error={fieldError('password')}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={create.isPending}>
                {title}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Dialog>
  );
}
