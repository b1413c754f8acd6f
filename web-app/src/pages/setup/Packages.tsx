import { Button, NumberInput, TextInput } from '@mantine/core';
import { webSetupContracts } from '@studio/shared/contracts/web-setup';
import type { SessionLocation } from '@studio/shared/web-app';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedIn } from '../../api/session.ts';
import { formatMoney } from '../../format/money.ts';
import { exampleAmount, toMinorUnits } from '../../format/money-input.ts';
import { useLocale } from '../../i18n/locale.ts';
import { useLocation } from '../../shell/location.ts';
import { SetupFrame } from './SetupFrame.tsx';
import { SetupFormDialog, SetupTable } from './SetupPieces.tsx';

/** Setup -> Packages: so many sessions for a price, sold at the chosen location. */
export function PackagesPage() {
  const { t } = useTranslation('setup');
  const session = useSignedIn();
  const [location] = useLocation(session);
  const locale = useLocale(location);
  const owner = session.account.role === 'owner';
  const [adding, setAdding] = useState(false);
  return (
    <SetupFrame title={t('packages.title')} intro={t('packages.intro', { location: location.name })} action={owner ? <Button onClick={() => setAdding(true)}>{t('packages.add')}</Button> : null}>
      <SetupTable
        label={t('packages.title')}
        list={webSetupContracts.webSetupPackages}
        query={{ location_id: location.id }}
        columns={[
          { header: t('name'), strong: true, cell: (item) => item.name },
          { header: t('packages.sessions'), numeric: true, cell: (item) => item.total_sessions.toLocaleString(locale) },
          { header: t('price'), numeric: true, cell: (item) => formatMoney(item.price_cents, location.currency, locale) },
        ]}
        empty={t('packages.empty', { location: location.name })}
      />
      {adding ? <PackageDialog location={location} locale={locale} onClose={() => setAdding(false)} /> : null}
    </SetupFrame>
  );
}

function PackageDialog({ location, locale, onClose }: { location: SessionLocation; locale: string; onClose: () => void }) {
  const { t } = useTranslation('setup');
  const [name, setName] = useState('');
  const [price, setPrice] = useState('');
  const [sessions, setSessions] = useState<number | string>(10);
  const [sessionsError, setSessionsError] = useState<string | null>(null);
  const [priceError, setPriceError] = useState<string | null>(null);
  function body() {
    const cents = toMinorUnits(price, location.currency);
    setPriceError(cents === null ? t('price_hint', { currency: location.currency, example: exampleAmount(120, location.currency, locale) }) : null);
    if (cents === null) return null;
    setSessionsError(typeof sessions === 'number' ? null : t('packages.sessions_hint'));
    if (typeof sessions !== 'number') return null;
    return { location_id: location.id, name, price_cents: cents, total_sessions: sessions };
  }
  return (
    <SetupFormDialog
      writes={{ create: webSetupContracts.webCreatePackage }}
      title={t('packages.add')}
      fields={['name', 'price_cents', 'total_sessions']}
      submitLabel={t('packages.add')}
      body={body}
      onClose={onClose}
    >
      {(fieldError) => (
        <>
          <TextInput label={t('packages.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} error={fieldError('name')} data-autofocus />
          <NumberInput label={t('packages.sessions')} value={sessions} onChange={setSessions} allowDecimal={false} allowNegative={false} error={sessionsError ?? fieldError('total_sessions')} />
          <TextInput
            label={t('price_in', { currency: location.currency })}
            value={price}
            onChange={(e) => setPrice(e.currentTarget.value)}
            error={priceError ?? fieldError('price_cents')}
            inputMode="decimal"
          />
        </>
      )}
    </SetupFormDialog>
  );
}
