import { Button, Group, NumberInput, Stack, Table, TextInput } from '@mantine/core';
import { contracts } from '@studio/shared/contracts';
import type { SessionLocation } from '@studio/shared/web-app';
import { useState } from 'react';
import { useSignedIn } from '../../api/session.ts';
import { useSetupPackages, useSetupSave, type SetupPackage } from '../../api/setup.ts';
import { Dialog } from '../../components/Dialog.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { formatMoney } from '../../format/money.ts';
import { toMinorUnits } from '../../format/money-input.ts';
import { useLocation } from '../../shell/location.ts';
import { errorFor, formError, SetupFrame } from './SetupFrame.tsx';

/** Setup -> Packages: so many sessions for a price, sold at the chosen location. */
export function PackagesPage() {
  const session = useSignedIn();
  const [location] = useLocation(session);
  const owner = session.account.role === 'owner';
  const packages = useSetupPackages(location.id);
  const [adding, setAdding] = useState(false);
  return (
    <SetupFrame title="Packages" intro={`Packages sold at ${location.name}: a number of sessions for one price.`} action={owner ? <Button onClick={() => setAdding(true)}>Add package</Button> : null}>
      <ErrorAlert error={packages.error} />
      <Table aria-label="Packages" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>Sessions</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>Price</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(packages.data?.data ?? []).map((item) => (
            <Table.Tr key={item.id}>
              <Table.Td fw={600}>{item.name}</Table.Td>
              <Table.Td style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>{item.total_sessions}</Table.Td>
              <Table.Td style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>{formatMoney(item.price_cents, location.currency)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {packages.isSuccess && packages.data.data.length === 0 ? <p>No packages at {location.name} yet.</p> : null}
      {adding ? <PackageDialog location={location} onClose={() => setAdding(false)} /> : null}
    </SetupFrame>
  );
}

function PackageDialog({ location, onClose }: { location: SessionLocation; onClose: () => void }) {
  const [name, setName] = useState('');
  const [price, setPrice] = useState('');
  const [sessions, setSessions] = useState<number | string>(10);
  const [sessionsError, setSessionsError] = useState<string | null>(null);
  const [priceError, setPriceError] = useState<string | null>(null);
  const save = useSetupSave({ create: contracts.webCreatePackage });
  function submit(event: React.FormEvent) {
    event.preventDefault();
    const cents = toMinorUnits(price, location.currency);
    if (cents === null) {
      setPriceError(`Enter a price in ${location.currency}, e.g. 120.00.`);
      return;
    }
    setPriceError(null);
    if (typeof sessions !== 'number') {
      setSessionsError('Enter the number of sessions, e.g. 10.');
      return;
    }
    setSessionsError(null);
    save.mutate({ location_id: location.id, name, price_cents: cents, total_sessions: sessions }, { onSuccess: onClose });
  }
  return (
    <Dialog opened onClose={onClose} title="Add package">
      <form onSubmit={submit} noValidate>
        <Stack>
          <ErrorAlert error={formError(save.error, ['name', 'price_cents', 'total_sessions'])} />
          <TextInput label="Package name" value={name} onChange={(e) => setName(e.currentTarget.value)} error={errorFor(save.error, 'name')} data-autofocus />
          <NumberInput label="Sessions" value={sessions} onChange={setSessions} allowDecimal={false} allowNegative={false} error={sessionsError ?? errorFor(save.error, 'total_sessions')} />
          <TextInput
            label={`Price (${location.currency})`}
            value={price}
            onChange={(e) => setPrice(e.currentTarget.value)}
            error={priceError ?? errorFor(save.error, 'price_cents')}
            inputMode="decimal"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Add package
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
