import { Button, Checkbox, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
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
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<Scope[]>([]);
  // Test data has its own locations (the demo loaded into test mode, say), not the live ones listed here.
  const test = environment === 'test';
  const [locationIds, setLocationIds] = useState<string[] | null>(test ? null : [currentLocationId]);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateKey();
  const secret = create.data?.secret;
  const title = test ? 'Create test key' : 'Create key';

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
        <SecretOnce label="API key" secret={secret} notice="Copy the key now: it is not shown again. Only its last four characters stay visible." onDone={onClose} />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <ErrorAlert error={create.error} />
            <TextInput label="Name" description="Which program uses it, e.g. Website booking widget" value={name} onChange={(e) => setName(e.currentTarget.value)} error={errors.name} data-autofocus />
            <Checkbox.Group
              label="Scopes"
              description="Give only what the program needs"
              value={chosen}
              onChange={(values) => setChosen(values as Scope[])}
              error={errors.scopes ? 'Choose at least one scope.' : undefined}
            >
              <SimpleGrid cols={3} mt="xs">
                {scopes.map((scope) => (
                  <Checkbox key={scope} value={scope} label={scope} />
                ))}
              </SimpleGrid>
            </Checkbox.Group>
            {test ? (
              <Text size="sm">A test key reaches every location of the test data, and nothing of the live data.</Text>
            ) : (
              <LocationChoice
                label="Locations"
                locations={locations}
                value={locationIds}
                onChange={setLocationIds}
                allowAll={owner}
                error={errors.location_ids ? 'Choose at least one location.' : undefined}
              />
            )}
            <PasswordAgain value={password} onChange={setPassword} error={errors.password ? 'Enter your password.' : undefined} />
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
