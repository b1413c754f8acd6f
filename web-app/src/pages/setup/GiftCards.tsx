import { Button, TextInput } from '@mantine/core';
import { storedValueContracts } from '@studio/shared/contracts/stored-value';
import { webSetupContracts } from '@studio/shared/contracts/web-setup';
import type { SessionLocation } from '@studio/shared/web-app';
import { useState } from 'react';
import { useSignedIn } from '../../api/session.ts';
import { formatMoney } from '../../format/money.ts';
import { toMinorUnits } from '../../format/money-input.ts';
import { formatLocalDateTime } from '../../format/time.ts';
import { useLocation } from '../../shell/location.ts';
import { SetupFrame } from './SetupFrame.tsx';
import { SetupFormDialog, SetupTable } from './SetupPieces.tsx';

/** Setup -> Gift cards issued at the chosen location, with their balance. */
export function GiftCardsPage() {
  const session = useSignedIn();
  const [location] = useLocation(session);
  const owner = session.account.role === 'owner';
  const [issuing, setIssuing] = useState(false);
  return (
    <SetupFrame
      title="Gift cards"
      intro={`Gift cards of ${location.name}, each with its code and what is left on it.`}
      action={owner ? <Button onClick={() => setIssuing(true)}>Issue gift card</Button> : null}
    >
      <SetupTable
        label="Gift cards"
        list={storedValueContracts.listGiftCards}
        query={{ location_id: location.id, limit: 100 }}
        columns={[
          { header: 'Code', strong: true, cell: (card) => card.code },
          { header: 'Balance', numeric: true, cell: (card) => formatMoney(card.current_balance_cents, location.currency) },
          { header: 'Issued for', numeric: true, cell: (card) => formatMoney(card.initial_balance_cents, location.currency) },
          { header: 'Status', cell: (card) => card.status },
          { header: 'Issued', cell: (card) => formatLocalDateTime(card.created_at, location.time_zone) },
        ]}
        empty={`No gift cards at ${location.name} yet.`}
      />
      {issuing ? <IssueDialog location={location} onClose={() => setIssuing(false)} /> : null}
    </SetupFrame>
  );
}

function IssueDialog({ location, onClose }: { location: SessionLocation; onClose: () => void }) {
  const [code, setCode] = useState('');
  const [balance, setBalance] = useState('');
  const [balanceError, setBalanceError] = useState<string | null>(null);
  function body() {
    const cents = toMinorUnits(balance, location.currency);
    setBalanceError(cents === null ? `Enter an amount in ${location.currency}, e.g. 50.00.` : null);
    return cents === null ? null : { location_id: location.id, code, balance_cents: cents };
  }
  return (
    <SetupFormDialog writes={{ create: webSetupContracts.webIssueGiftCard }} title="Issue gift card" fields={['code', 'balance_cents']} submitLabel="Issue gift card" body={body} onClose={onClose}>
      {(fieldError) => (
        <>
          <TextInput label="Code" description="As printed on the card" value={code} onChange={(e) => setCode(e.currentTarget.value)} error={fieldError('code')} data-autofocus />
          <TextInput
            label={`Balance (${location.currency})`}
            value={balance}
            onChange={(e) => setBalance(e.currentTarget.value)}
            error={balanceError ?? fieldError('balance_cents')}
            inputMode="decimal"
          />
        </>
      )}
    </SetupFormDialog>
  );
}
