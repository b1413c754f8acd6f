import { Button, TextInput } from '@mantine/core';
import { storedValueContracts } from '@studio/shared/contracts/stored-value';
import { webSetupContracts } from '@studio/shared/contracts/web-setup';
import type { SessionLocation } from '@studio/shared/web-app';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedIn } from '../../api/session.ts';
import { formatMoney } from '../../format/money.ts';
import { exampleAmount, toMinorUnits } from '../../format/money-input.ts';
import { formatLocalDateTime } from '../../format/time.ts';
import { useLocale } from '../../i18n/locale.ts';
import { useLocation } from '../../shell/location.ts';
import { SetupFrame } from './SetupFrame.tsx';
import { SetupFormDialog, SetupTable } from './SetupPieces.tsx';

/** Setup -> Gift cards issued at the chosen location, with their balance. */
export function GiftCardsPage() {
  const { t } = useTranslation('setup');
  const session = useSignedIn();
  const [location] = useLocation(session);
  const locale = useLocale(location);
  const owner = session.account.role === 'owner';
  const [issuing, setIssuing] = useState(false);
  return (
    <SetupFrame
      title={t('gift_cards.title')}
      intro={t('gift_cards.intro', { location: location.name })}
      action={owner ? <Button onClick={() => setIssuing(true)}>{t('gift_cards.issue')}</Button> : null}
    >
      <SetupTable
        label={t('gift_cards.title')}
        list={storedValueContracts.listGiftCards}
        query={{ location_id: location.id, limit: 100 }}
        columns={[
          { header: t('gift_cards.code'), strong: true, cell: (card) => card.code },
          { header: t('gift_cards.balance'), numeric: true, cell: (card) => formatMoney(card.current_balance_cents, location.currency, locale) },
          { header: t('gift_cards.issued_for'), numeric: true, cell: (card) => formatMoney(card.initial_balance_cents, location.currency, locale) },
          { header: t('gift_cards.status'), cell: (card) => t(`gift_cards.status.${card.status}`) },
          { header: t('gift_cards.issued'), cell: (card) => formatLocalDateTime(card.created_at, location.time_zone, locale) },
        ]}
        empty={t('gift_cards.empty', { location: location.name })}
      />
      {issuing ? <IssueDialog location={location} locale={locale} onClose={() => setIssuing(false)} /> : null}
    </SetupFrame>
  );
}

function IssueDialog({ location, locale, onClose }: { location: SessionLocation; locale: string; onClose: () => void }) {
  const { t } = useTranslation('setup');
  const [code, setCode] = useState('');
  const [balance, setBalance] = useState('');
  const [balanceError, setBalanceError] = useState<string | null>(null);
  function body() {
    const cents = toMinorUnits(balance, location.currency);
    setBalanceError(cents === null ? t('gift_cards.balance_hint', { currency: location.currency, example: exampleAmount(50, location.currency, locale) }) : null);
    return cents === null ? null : { location_id: location.id, code, balance_cents: cents };
  }
  return (
    <SetupFormDialog
      writes={{ create: webSetupContracts.webIssueGiftCard }}
      title={t('gift_cards.issue')}
      fields={['code', 'balance_cents']}
      submitLabel={t('gift_cards.issue')}
      body={body}
      onClose={onClose}
    >
      {(fieldError) => (
        <>
          <TextInput label={t('gift_cards.code')} description={t('gift_cards.code_hint')} value={code} onChange={(e) => setCode(e.currentTarget.value)} error={fieldError('code')} data-autofocus />
          <TextInput
            label={t('gift_cards.balance_in', { currency: location.currency })}
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
