import { Button, NativeSelect, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedIn } from '../../api/session.ts';
import { useSetupLocations } from '../../api/setup.ts';
import { Dialog } from '../../components/Dialog.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { useLocation } from '../../shell/location.ts';
import { LocationDetailsForm } from './LocationDetails.tsx';
import { LocationRulesForm } from './LocationRules.tsx';
import { SetupFrame } from './SetupFrame.tsx';

/** Setup -> Locations: each location's details (owner) and rules (owner, or its manager). */
export function LocationsSetupPage() {
  const { t } = useTranslation('setup');
  const session = useSignedIn();
  const [current] = useLocation(session);
  const owner = session.account.role === 'owner';
  const locations = useSetupLocations();
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const list = locations.data?.data ?? [];
  const chosen = list.find((location) => location.id === (chosenId ?? current.id)) ?? list[0];
  return (
    <SetupFrame title={t('locations.title')} intro={t('locations.intro')} action={owner ? <Button onClick={() => setAdding(true)}>{t('locations.add')}</Button> : null}>
      <ErrorAlert error={locations.error} />
      {list.length > 1 ? (
        <NativeSelect
          label={t('locations.choose')}
          maw={360}
          data={list.map((l) => ({ value: l.id, label: l.name }))}
          value={chosen?.id ?? ''}
          onChange={(event) => setChosenId(event.currentTarget.value)}
        />
      ) : null}
      {chosen ? (
        <Stack gap="xl" key={chosen.id}>
          <section aria-labelledby="details-title">
            <Title order={2} id="details-title" mb="sm">
              {t('locations.details_of', { name: chosen.name })}
            </Title>
            <LocationDetailsForm location={chosen} editable={owner} />
          </section>
          <section aria-labelledby="rules-title">
            <Title order={2} id="rules-title" mb="sm">
              {t('locations.rules_of', { name: chosen.name })}
            </Title>
            <LocationRulesForm location={chosen} />
          </section>
        </Stack>
      ) : null}
      {adding ? (
        <Dialog opened onClose={() => setAdding(false)} title={t('locations.add')} size="lg">
          <LocationDetailsForm location={null} editable onSaved={() => setAdding(false)} />
        </Dialog>
      ) : null}
    </SetupFrame>
  );
}
