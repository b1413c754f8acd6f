import { Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { webSetupContracts } from '@studio/shared/contracts/web-setup';
import { DateTime } from 'luxon';
import { useMemo, useState } from 'react';
import type { SetupLocation } from '../../api/setup.ts';
import { useSetupSave } from '../../api/setup.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { withoutEmpty } from '../../format/form-errors.ts';
import { errorFor, formError } from './SetupFrame.tsx';

const detailFields = ['name', 'slug', 'timezone', 'country', 'currency', 'address'] as const;
type Details = Record<(typeof detailFields)[number], string>;

export const emptyDetails: Details = { name: '', slug: '', timezone: '', country: '', currency: '', address: '' };

/** Local time now in `zone`, so the person sees the zone is right before saving it. */
export function zonePreview(zone: string): string {
  if (!zone) return 'Choose the time zone the location is in.';
  const now = DateTime.now().setZone(zone);
  if (!now.isValid) return `${zone} is not a known time zone.`;
  return `Local time there now: ${now.setLocale('en-GB').toFormat('cccc d LLLL, HH:mm')} (${now.toFormat('ZZZZ')})`;
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
  const [values, setValues] = useState<Details>(
    location ? { name: location.name, slug: location.slug, timezone: location.timezone, country: location.country, currency: location.currency, address: location.address ?? '' } : emptyDetails,
  );
  const save = useSetupSave({ create: webSetupContracts.webCreateLocation, update: webSetupContracts.webUpdateLocation, id: location?.id });
  const zones = useZones(values.timezone);
  const set = (field: keyof Details) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => setValues({ ...values, [field]: event.currentTarget.value });
  function submit(event: React.FormEvent) {
    event.preventDefault();
    const body = { ...withoutEmpty(values), country: values.country.trim().toUpperCase(), currency: values.currency.trim().toUpperCase() };
    if (location && values.address.trim() === '') Object.assign(body, { address: null });
    save.mutate(body, { onSuccess: () => onSaved?.() });
  }
  const fieldError = (field: string) => errorFor(save.error, field);
  return (
    <form onSubmit={submit} noValidate aria-label="Location details">
      <Stack gap="sm">
        <ErrorAlert error={formError(save.error, detailFields)} />
        <Group grow align="flex-end">
          <TextInput label="Name" value={values.name} onChange={set('name')} error={fieldError('name')} disabled={!editable} data-autofocus />
          <TextInput label="Slug" description="Lower-case letters, digits and hyphens" value={values.slug} onChange={set('slug')} error={fieldError('slug')} disabled={!editable} />
        </Group>
        <NativeSelect
          label="Time zone"
          data={[{ value: '', label: 'Choose a time zone' }, ...zones.map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') }))]}
          value={values.timezone}
          onChange={set('timezone')}
          error={fieldError('timezone')}
          disabled={!editable}
        />
        <Text size="sm" aria-live="polite">
          {zonePreview(values.timezone)}
        </Text>
        <Group grow align="flex-end">
          <TextInput label="Country" description="Two letters, e.g. IE" value={values.country} onChange={set('country')} error={fieldError('country')} disabled={!editable} maxLength={2} />
          <TextInput label="Currency" description="Three letters, e.g. EUR" value={values.currency} onChange={set('currency')} error={fieldError('currency')} disabled={!editable} maxLength={3} />
        </Group>
        <TextInput label="Address" value={values.address} onChange={set('address')} error={fieldError('address')} disabled={!editable} />
        {editable ? (
          <Group justify="flex-end">
            {save.isSuccess && location ? <Text role="status">Details saved.</Text> : null}
            <Button type="submit" loading={save.isPending}>
              {location ? 'Save details' : 'Create location'}
            </Button>
          </Group>
        ) : (
          <Text size="sm">A location&apos;s details are changed by an owner.</Text>
        )}
      </Stack>
    </form>
  );
}
