import { Checkbox, Stack } from '@mantine/core';
import type { SessionLocation } from '@studio/shared/web-app';
import { useTranslation } from 'react-i18next';

/** Which locations something reaches: null is every location (owners only), else a chosen list. */
export function LocationChoice({
  label,
  locations,
  value,
  onChange,
  allowAll,
  error,
}: {
  label: string;
  locations: SessionLocation[];
  value: string[] | null;
  onChange: (value: string[] | null) => void;
  allowAll: boolean;
  error?: string;
}) {
  const { t } = useTranslation();
  return (
    <Checkbox.Group label={label} value={value ?? locations.map((l) => l.id)} onChange={(ids) => onChange(ids)} error={error}>
      <Stack gap="xs" mt="xs">
        {allowAll ? <Checkbox label={t('locations.every')} checked={value === null} onChange={(e) => onChange(e.currentTarget.checked ? null : [])} /> : null}
        {locations.map((location) => (
          <Checkbox key={location.id} value={location.id} label={location.name} disabled={value === null} />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
