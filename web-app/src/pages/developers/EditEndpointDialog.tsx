import { Button, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { useChangeEndpoint, type WebhookEndpoint } from '../../api/developers.ts';
import { Dialog } from '../../components/Dialog.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { checkDraft, EndpointFields, refusalOfField, type EndpointDraft } from './EndpointFields.tsx';
import { PasswordAgain } from '../../components/PasswordAgain.tsx';

/** Changes where an endpoint's events go and which, with the password again; its secret and deliveries stay as they are. */
export function EditEndpointDialog({ endpoint, onClose }: { endpoint: WebhookEndpoint; onClose: () => void }) {
  const { t } = useTranslation('developers');
  const [draft, setDraft] = useState<EndpointDraft>({ url: endpoint.url, description: endpoint.description, event_types: endpoint.event_types });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [password, setPassword] = useState('');
  const change = useChangeEndpoint(endpoint);
  const refused = refusalOfField(change.error);
  const errorOf = (field: string) => errors[field] ?? (refused?.param === field ? refused.message : undefined);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const checked = checkDraft(t, draft);
    setErrors(password.length === 0 ? { ...checked.problems, password: t('password_missing') } : checked.problems);
    if (checked.endpoint && password.length > 0) {
      const { url, description, event_types } = checked.endpoint;
      change.mutate({ url, description, event_types, password }, { onSuccess: onClose });
    }
  }

  return (
    <Dialog opened onClose={onClose} title={t('edit_endpoint.title')} size="xl">
      <form onSubmit={submit} noValidate>
        <Stack>
          <ErrorAlert error={refused ? null : change.error} />
          <EndpointFields draft={draft} onChange={setDraft} errorOf={errorOf} />
          <PasswordAgain value={password} onChange={setPassword} error={errorOf('password')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={change.isPending}>
              {t('edit_endpoint.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
