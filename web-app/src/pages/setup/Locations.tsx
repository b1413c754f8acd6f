import { Button, NativeSelect, Stack, Title } from '@mantine/core';
import { useState } from 'react';
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
  const session = useSignedIn();
  const [current] = useLocation(session);
  const owner = session.account.role === 'owner';
  const locations = useSetupLocations();
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const list = locations.data?.data ?? [];
  const chosen = list.find((location) => location.id === (chosenId ?? current.id)) ?? list[0];
  return (
    <SetupFrame
      title="Locations"
      intro="Each location runs by its own time zone, currency and rules. Changes to check-in rules reach the doors and kiosks at once."
      action={owner ? <Button onClick={() => setAdding(true)}>Add location</Button> : null}
    >
      <ErrorAlert error={locations.error} />
      {list.length > 1 ? (
        <NativeSelect
          label="Location to set up"
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
              Details of {chosen.name}
            </Title>
            <LocationDetailsForm location={chosen} editable={owner} />
          </section>
          <section aria-labelledby="rules-title">
            <Title order={2} id="rules-title" mb="sm">
              Rules of {chosen.name}
            </Title>
            <LocationRulesForm location={chosen} />
          </section>
        </Stack>
      ) : null}
      {adding ? (
        <Dialog opened onClose={() => setAdding(false)} title="Add location" size="lg">
          <LocationDetailsForm location={null} editable onSaved={() => setAdding(false)} />
        </Dialog>
      ) : null}
    </SetupFrame>
  );
}
