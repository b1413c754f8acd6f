import { Button, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { useCreateEndpoint, type Environment } from '../../api/developers.ts';
import { Dialog } from '../../components/Dialog.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { checkDraft, EndpointFields, refusalOfField, type EndpointDraft } from './EndpointFields.tsx';
import { SecretOnce } from './SecretOnce.tsx';
import { VerifyHint } from './VerifyHint.tsx';
import { PasswordAgain } from '../../components/PasswordAgain.tsx';

/** Adds an endpoint in the chosen environment, then shows its signing secret once. */
export function AddEndpointDialog({ environment, onClose }: { environment: Environment; onClose: () => void }) {
  const [draft, setDraft] = useState<EndpointDraft>({ url: '', description: '', event_types: ['*'] });
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateEndpoint();
  const secret = create.data?.secret;
  const title = environment === 'test' ? 'Add test endpoint' : 'Add endpoint';
  const refused = refusalOfField(create.error);
  const errorOf = (field: string) => errors[field] ?? (refused?.param === field ? refused.message : undefined);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const checked = checkDraft(draft);
    const problems = password.length === 0 ? { ...checked.problems, password: 'Enter your password.' } : checked.problems;
    setErrors(problems);
    if (checked.endpoint && password.length > 0) create.mutate({ ...checked.endpoint, environment, password }, { onSuccess: () => setPassword('') });
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
            <EndpointFields draft={draft} onChange={setDraft} errorOf={errorOf} />
            <PasswordAgain value={password} onChange={setPassword} error={errorOf('password')} />
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
