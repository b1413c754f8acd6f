import { Button, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('developers');
  const [draft, setDraft] = useState<EndpointDraft>({ url: '', description: '', event_types: ['*'] });
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateEndpoint();
  const secret = create.data?.secret;
  const title = environment === 'test' ? t('webhooks.add_test') : t('webhooks.add');
  const refused = refusalOfField(create.error);
  const errorOf = (field: string) => errors[field] ?? (refused?.param === field ? refused.message : undefined);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const checked = checkDraft(t, draft);
    const problems = password.length === 0 ? { ...checked.problems, password: t('password_missing') } : checked.problems;
    setErrors(problems);
    if (checked.endpoint && password.length > 0) create.mutate({ ...checked.endpoint, environment, password }, { onSuccess: () => setPassword('') });
  }

  return (
    <Dialog opened onClose={secret ? () => undefined : onClose} title={title} size="xl" closeOnClickOutside={!secret} closeOnEscape={!secret} withCloseButton={!secret}>
      {secret ? (
        <SecretOnce label={t('add_endpoint.secret_label')} secret={secret} notice={t('add_endpoint.secret_notice')} onDone={onClose}>
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
                {t('cancel')}
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
