import { Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { webSetupContracts } from '@studio/shared/contracts/web-setup';
import { DateTime } from 'luxon';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SetupLocation } from '../../api/setup.ts';
import { useSetupSave } from '../../api/setup.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { withoutEmpty } from '../../format/form-errors.ts';
import { useLocale } from '../../i18n/locale.ts';
import { useLocation } from '../../shell/location.ts';
import { useSignedIn } from '../../api/session.ts';
import { errorFor, formError } from './SetupFrame.tsx';

const detailFields = ['name', 'slug', 'timezone', 'country', 'currency', 'address'] as const;
type Details = Record<(typeof detailFields)[number], string>;

export const emptyDetails: Details = { name: '', slug: '', timezone: '', country: '', currency: '', address: '' };

/** Local time now in `zone`, written in `locale`, so the person sees the zone is right before saving it. */
export function zonePreview(t: TFunction<'setup'>, zone: string, locale: string): string {
  if (!zone) return t('details.zone_missing');
  const now = DateTime.now().setZone(zone).setLocale(locale);
  if (!now.isValid) return t('details.zone_unknown', { zone });
  const time = now.toLocaleString({ weekday: 'long', day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return t('details.zone_now', { time, offset: now.toFormat('ZZZZ') });
}

function useZones(current: string): string[] {
  return useMemo(() => {
    const zones = Intl.supportedValuesOf('timeZone');
    return current && !zones.includes(current) ? [current, ...zones] : zones;
  }, [current]);
}

/**
 * A location's name, slug, zone, country, currency and address: the owner's to change. A zone is
 * chosen from the IANA list with its local time shown, and a currency is required.
 */
export function LocationDetailsForm({ location, editable, onSaved }: { location: SetupLocation | null; editable: boolean; onSaved?: () => void }) {
  const { t } = useTranslation('setup');
  const [current] = useLocation(useSignedIn());
  const [values, setValues] = useState<Details>(
    location ? { name: location.name, slug: location.slug, timezone: location.timezone, country: location.country, currency: location.currency, address: location.address ?? '' } : emptyDetails,
  );
  const save = useSetupSave({ create: webSetupContracts.webCreateLocation, update: webSetupContracts.webUpdateLocation, id: location?.id });
  const zones = useZones(values.timezone);
  // Written as at this location's country (or, for a new one, the chosen location's).
  const locale = useLocale({ country: location?.country ?? current.country });
  const set = (field: keyof Details) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => setValues({ ...values, [field]: event.currentTarget.value });
  function submit(event: React.FormEvent) {
    event.preventDefault();
    const body = { ...withoutEmpty(values), country: values.country.trim().toUpperCase(), currency: values.currency.trim().toUpperCase() };
    if (location && values.address.trim() === '') Object.assign(body, { address: null });
    save.mutate(body, { onSuccess: () => onSaved?.() });
  }
  const fieldError = (field: string) => errorFor(save.error, field);
  return (
    <form onSubmit={submit} noValidate aria-label={t('details.form')}>
      <Stack gap="sm">
        <ErrorAlert error={formError(save.error, detailFields)} />
        <Group grow align="flex-end">
          <TextInput label={t('details.name')} value={values.name} onChange={set('name')} error={fieldError('name')} disabled={!editable} data-autofocus />
          <TextInput label={t('details.slug')} description={t('details.slug_hint')} value={values.slug} onChange={set('slug')} error={fieldError('slug')} disabled={!editable} />
        </Group>
        <NativeSelect
          label={t('details.zone')}
          data={[{ value: '', label: t('details.zone_choose') }, ...zones.map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') }))]}
          value={values.timezone}
          onChange={set('timezone')}
          error={fieldError('timezone')}
          disabled={!editable}
        />
        <Text size="sm" aria-live="polite">
          {zonePreview(t, values.timezone, locale)}
        </Text>
        <Group grow align="flex-end">
          <TextInput
            label={t('details.country')}
            description={t('details.country_hint')}
            value={values.country}
            onChange={set('country')}
            error={fieldError('country')}
            disabled={!editable}
            maxLength={2}
          />
          <TextInput
            label={t('details.currency')}
            description={t('details.currency_hint')}
            value={values.currency}
            onChange={set('currency')}
            error={fieldError('currency')}
            disabled={!editable}
            maxLength={3}
          />
        </Group>
        <TextInput label={t('details.address')} value={values.address} onChange={set('address')} error={fieldError('address')} disabled={!editable} />
        {editable ? (
          <Group justify="flex-end">
            {save.isSuccess && location ? <Text role="status">{t('details.saved')}</Text> : null}
            <Button type="submit" loading={save.isPending}>
              {location ? t('details.save') : t('details.create')}
            </Button>
          </Group>
        ) : (
          <Text size="sm">{t('details.owner_only')}</Text>
        )}
      </Stack>
    </form>
  );
}
