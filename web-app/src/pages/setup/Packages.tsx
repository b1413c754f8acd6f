import { Button, NumberInput, TextInput } from '@mantine/core';
import { webSetupContracts } from '@studio/shared/contracts/web-setup';
import type { SessionLocation } from '@studio/shared/web-app';
import { useState } from 'react';
import { useSignedIn } from '../../api/session.ts';
import { formatMoney } from '../../format/money.ts';
import { toMinorUnits } from '../../format/money-input.ts';
import { useLocation } from '../../shell/location.ts';
import { SetupFrame } from './SetupFrame.tsx';
import { SetupFormDialog, SetupTable } from './SetupPieces.tsx';

/** Setup -> Packages: so many sessions for a price, sold at the chosen location. */
export function PackagesPage() {
  const session = useSignedIn();
  const [location] = useLocation(session);
  const owner = session.account.role === 'owner';
  const [adding, setAdding] = useState(false);
  return (
    <SetupFrame title="Packages" intro={`Packages sold at ${location.name}: a number of sessions for one price.`} action={owner ? <Button onClick={() => setAdding(true)}>Add package</Button> : null}>
      <SetupTable
        label="Packages"
        list={webSetupContracts.webSetupPackages}
        query={{ location_id: location.id }}
        columns={[
          { header: 'Name', strong: true, cell: (item) => item.name },
          { header: 'Sessions', numeric: true, cell: (item) => item.total_sessions },
          { header: 'Price', numeric: true, cell: (item) => formatMoney(item.price_cents, location.currency) },
        ]}
        empty={`No packages at ${location.name} yet.`}
      />
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
  function body() {
    const cents = toMinorUnits(price, location.currency);
    setPriceError(cents === null ? `Enter a price in ${location.currency}, e.g. 120.00.` : null);
    if (cents === null) return null;
    setSessionsError(typeof sessions === 'number' ? null : 'Enter the number of sessions, e.g. 10.');
    if (typeof sessions !== 'number') return null;
    return { location_id: location.id, name, price_cents: cents, total_sessions: sessions };
  }
  return (
    <SetupFormDialog
      writes={{ create: webSetupContracts.webCreatePackage }}
      title="Add package"
      fields={['name', 'price_cents', 'total_sessions']}
      submitLabel="Add package"
      body={body}
      onClose={onClose}
    >
      {(fieldError) => (
        <>
          <TextInput label="Package name" value={name} onChange={(e) => setName(e.currentTarget.value)} error={fieldError('name')} data-autofocus />
          <NumberInput label="Sessions" value={sessions} onChange={setSessions} allowDecimal={false} allowNegative={false} error={sessionsError ?? fieldError('total_sessions')} />
          <TextInput label={`Price (${location.currency})`} value={price} onChange={(e) => setPrice(e.currentTarget.value)} error={priceError ?? fieldError('price_cents')} inputMode="decimal" />
        </>
      )}
    </SetupFormDialog>
  );
}
