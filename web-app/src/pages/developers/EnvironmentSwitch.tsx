import { SegmentedControl, Text } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Environment } from '../../api/developers.ts';

/**
 * Live or test mode, kept in the address (`?mode=test`) so a reload, a bookmark or a link sent to
 * a colleague opens the same mode, and the browser's Back leaves test mode.
 */
export function useEnvironment(): [Environment, (environment: Environment) => void] {
  const [params, setParams] = useSearchParams();
  const environment: Environment = params.get('mode') === 'test' ? 'test' : 'live';
  const choose = (next: Environment) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next === 'test') updated.set('mode', 'test');
      else updated.delete('mode');
      return updated;
    });
  return [environment, choose];
}

export function EnvironmentSwitch({ environment, onChange }: { environment: Environment; onChange: (environment: Environment) => void }) {
  const { t } = useTranslation('developers');
  return (
    <SegmentedControl
      aria-label={t('mode.label')}
      value={environment}
      onChange={(value) => onChange(value === 'test' ? 'test' : 'live')}
      data={[
        { value: 'live', label: t('mode.live') },
        { value: 'test', label: t('mode.test') },
      ]}
      styles={{ label: { minHeight: 36, display: 'flex', alignItems: 'center' } }}
    />
  );
}

/** Orange as Stripe marks test mode; dark text on it keeps 7:1 contrast. */
export const testOrange = '#f97316';
const testText = '#1c1917';

/** Above everything in test mode, so nobody mistakes test keys and endpoints for live ones. */
export function TestModeBand() {
  const { t } = useTranslation('developers');
  return (
    <Text role="status" fw={600} p="sm" style={{ color: testText, background: testOrange, borderRadius: 4 }}>
      <Trans t={t} i18nKey="mode.test_band" components={{ code: <code /> }} />
    </Text>
  );
}
