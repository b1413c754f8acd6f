import { Button, Checkbox, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { scopes, type Scope } from '@studio/shared/schemas/scopes';
import { ApiKeyCreate, type SessionLocation } from '@studio/shared/web-app';
import { useState } from 'react';
import { useCreateKey, type Environment } from '../../api/developers.ts';
import { Dialog } from '../../components/Dialog.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { LocationChoice } from '../../components/LocationChoice.tsx';
import { fieldErrors } from '../../format/form-errors.ts';
import { SecretOnce } from './SecretOnce.tsx';
import { PasswordAgain } from '../../components/PasswordAgain.tsx';

/** Names a key, then mints it in the chosen environment; the key is shown once. */
export function CreateKeyDialog({
  environment,
  onClose,
  locations,
  owner,
  currentLocationId,
}: {
  environment: Environment;
  onClose: () => void;
  locations: SessionLocation[];
  owner: boolean;
  currentLocationId: string;
}) {
  const { t } = useTranslation('developers');
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<Scope[]>([]);
  // Test data has its own locations (the demo loaded into test mode, say), not the live ones listed here.
  const test = environment === 'test';
  const [locationIds, setLocationIds] = useState<string[] | null>(test ? null : [currentLocationId]);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateKey();
  const secret = create.data?.secret;
  const title = test ? t('keys.create_test') : t('keys.create');

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = ApiKeyCreate.safeParse({ name, scopes: chosen, location_ids: locationIds, password, environment });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    create.mutate(parsed.data, { onSuccess: () => setPassword('') });
  }

  return (
    <Dialog opened onClose={secret ? () => undefined : onClose} title={title} size="xl" closeOnClickOutside={!secret} closeOnEscape={!secret} withCloseButton={!secret}>
      {secret ? (
        <SecretOnce label={t('create_key.secret_label')} secret={secret} notice={t('create_key.secret_notice')} onDone={onClose} />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <ErrorAlert error={create.error} />
            <TextInput label={t('create_key.name')} description={t('create_key.name_hint')} value={name} onChange={(e) => setName(e.currentTarget.value)} error={errors.name} data-autofocus />
            <Checkbox.Group
              label={t('create_key.scopes')}
              description={t('create_key.scopes_hint')}
              value={chosen}
              onChange={(values) => setChosen(values as Scope[])}
              error={errors.scopes ? t('create_key.scopes_missing') : undefined}
            >
              <SimpleGrid cols={3} mt="xs">
                {scopes.map((scope) => (
                  <Checkbox key={scope} value={scope} label={scope} />
                ))}
              </SimpleGrid>
            </Checkbox.Group>
            {test ? (
              <Text size="sm">{t('create_key.test_reach')}</Text>
            ) : (
              <LocationChoice
                label={t('create_key.locations')}
                locations={locations}
                value={locationIds}
                onChange={setLocationIds}
                allowAll={owner}
                error={errors.location_ids ? t('create_key.locations_missing') : undefined}
              />
            )}
            <PasswordAgain value={password} onChange={setPassword} error={errors.password ? t('password_missing') : undefined} />
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
