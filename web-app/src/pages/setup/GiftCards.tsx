import { Button, Group, Stack, Table, TextInput } from '@mantine/core';
import { contracts } from '@studio/shared/contracts';
import type { SessionLocation } from '@studio/shared/web-app';
import { useState } from 'react';
import { useSignedIn } from '../../api/session.ts';
import { useGiftCards, useSetupSave } from '../../api/setup.ts';
import { Dialog } from '../../components/Dialog.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { formatMoney } from '../../format/money.ts';
import { toMinorUnits } from '../../format/money-input.ts';
import { formatLocalDateTime } from '../../format/time.ts';
import { useLocation } from '../../shell/location.ts';
import { errorFor, formError, SetupFrame } from './SetupFrame.tsx';

/** Setup -> Gift cards issued at the chosen location, with their balance. */
export function GiftCardsPage() {
  const session = useSignedIn();
  const [location] = useLocation(session);
  const owner = session.account.role === 'owner';
  const cards = useGiftCards(location.id);
  const [issuing, setIssuing] = useState(false);
  return (
    <SetupFrame
      title="Gift cards"
      intro={`Gift cards of ${location.name}, each with its code and what is left on it.`}
      action={owner ? <Button onClick={() => setIssuing(true)}>Issue gift card</Button> : null}
    >
      <ErrorAlert error={cards.error} />
      <Table aria-label="Gift cards" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Code</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>Balance</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>Issued for</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Issued</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(cards.data?.data ?? []).map((card) => (
            <Table.Tr key={card.id}>
              <Table.Td fw={600}>{card.code}</Table.Td>
              <Table.Td style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>{formatMoney(card.current_balance_cents, location.currency)}</Table.Td>
              <Table.Td style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>{formatMoney(card.initial_balance_cents, location.currency)}</Table.Td>
              <Table.Td>{card.status}</Table.Td>
              <Table.Td>{formatLocalDateTime(card.created_at, location.time_zone)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {cards.isSuccess && cards.data.data.length === 0 ? <p>No gift cards at {location.name} yet.</p> : null}
      {issuing ? <IssueDialog location={location} onClose={() => setIssuing(false)} /> : null}
    </SetupFrame>
  );
}

function IssueDialog({ location, onClose }: { location: SessionLocation; onClose: () => void }) {
  const [code, setCode] = useState('');
  const [balance, setBalance] = useState('');
  const [balanceError, setBalanceError] = useState<string | null>(null);
  const save = useSetupSave({ create: contracts.webIssueGiftCard });
  function submit(event: React.FormEvent) {
    event.preventDefault();
    const cents = toMinorUnits(balance, location.currency);
    if (cents === null) {
      setBalanceError(`Enter an amount in ${location.currency}, e.g. 50.00.`);
      return;
    }
    setBalanceError(null);
    save.mutate({ location_id: location.id, code, balance_cents: cents }, { onSuccess: onClose });
  }
  return (
    <Dialog opened onClose={onClose} title="Issue gift card">
      <form onSubmit={submit} noValidate>
        <Stack>
          <ErrorAlert error={formError(save.error, ['code', 'balance_cents'])} />
          <TextInput label="Code" description="As printed on the card" value={code} onChange={(e) => setCode(e.currentTarget.value)} error={errorFor(save.error, 'code')} data-autofocus />
          <TextInput
            label={`Balance (${location.currency})`}
            value={balance}
            onChange={(e) => setBalance(e.currentTarget.value)}
            error={balanceError ?? errorFor(save.error, 'balance_cents')}
            inputMode="decimal"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Issue gift card
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
