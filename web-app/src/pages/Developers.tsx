import { Group, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSignedIn } from '../api/session.ts';
import { ManagersOnly } from '../components/ManagersOnly.tsx';
import { useLocation } from '../shell/location.ts';
import { EnvironmentSwitch, TestModeBand, testOrange, useEnvironment } from './developers/EnvironmentSwitch.tsx';
import { KeysSection } from './developers/KeysSection.tsx';
import { TestDataSection } from './developers/TestDataSection.tsx';
import { WebhooksSection } from './developers/WebhooksSection.tsx';

/**
 * Settings -> Developers: API keys for owners and managers, webhooks for owners only (an endpoint
 * receives every location's events), each per mode: live, or test mode's data kept apart from it,
 * which an owner may delete all of (the danger zone at the bottom of test mode).
 */
export function DevelopersPage() {
  const { t } = useTranslation('developers');
  return (
    <ManagersOnly title={t('title')} refusal={t('keys.managers_only')}>
      <DevelopersSections />
    </ManagersOnly>
  );
}

function DevelopersSections() {
  const { t } = useTranslation('developers');
  const session = useSignedIn();
  const [location] = useLocation(session);
  const [environment, setEnvironment] = useEnvironment();
  const test = environment === 'test';
  return (
    // An orange frame as well as the band: test mode stays in sight however far the page scrolls.
    <Stack gap="xl" style={test ? { outline: `3px solid ${testOrange}`, outlineOffset: 8, borderRadius: 4 } : undefined}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={1}>{t('title')}</Title>
          <EnvironmentSwitch environment={environment} onChange={setEnvironment} />
        </Group>
        {test ? <TestModeBand /> : null}
      </Stack>
      <KeysSection environment={environment} session={session} zone={location.time_zone} locationId={location.id} />
      {session.account.role === 'owner' ? <WebhooksSection environment={environment} zone={location.time_zone} /> : null}
      {test && session.account.role === 'owner' ? <TestDataSection companyName={session.company.name} /> : null}
    </Stack>
  );
}
