import { AppShell, Button, Center, Group, Loader, NativeSelect, NavLink, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NavLink as RouterLink, Navigate, Outlet, useLocation as useRouterLocation } from 'react-router';
import { webAuthContracts } from '@studio/shared/contracts/web-auth';
import { call } from '../api/call.ts';
import { managesAccounts, useSession, useSignedOut } from '../api/session.ts';
import { ErrorAlert } from '../components/ErrorAlert.tsx';
import { useAppLanguage } from '../i18n/useAppLanguage.ts';
import { useLocation } from './location.ts';
import { useLocale } from '../i18n/locale.ts';
import { MemberSearch } from './MemberSearch.tsx';
import type { StaffSessionView } from '@studio/shared/web-app';

type LinkKey = 'nav.today' | 'nav.members' | 'nav.classes' | 'nav.appointments' | 'nav.devices' | 'nav.developers' | 'nav.staff' | 'nav.setup' | 'nav.import' | 'nav.account';

const links: { to: string; label: LinkKey; end: boolean; managers: boolean; owners?: boolean; section?: string }[] = [
  { to: '/', label: 'nav.today', end: true, managers: false },
  { to: '/members', label: 'nav.members', end: false, managers: false },
  { to: '/classes', label: 'nav.classes', end: false, managers: false },
  { to: '/appointments', label: 'nav.appointments', end: false, managers: false },
  { to: '/devices', label: 'nav.devices', end: false, managers: false },
  { to: '/developers', label: 'nav.developers', end: false, managers: true },
  { to: '/staff', label: 'nav.staff', end: false, managers: true },
  { to: '/setup/locations', label: 'nav.setup', end: false, managers: true, section: '/setup/' },
  { to: '/setup/import', label: 'nav.import', end: false, managers: true, owners: true },
  { to: '/account', label: 'nav.account', end: false, managers: false },
];

/** Every signed-in page: the banner (search, location, who is signed in), the main navigation, the page. */
export function SignedInShell() {
  const { t } = useTranslation('shell');
  const { data: session, isPending, error, isRefetchError } = useSession();
  const here = useRouterLocation();
  if (isPending) return <Loading />;
  if (error && !session) {
    return (
      <Center h="100vh" p="md">
        <main>
          <ErrorAlert error={error} title={t('unreachable.title')} />
        </main>
      </Center>
    );
  }
  if (!session) return <Navigate to={`/sign-in${here.search}`} replace />;
  if (session.locations.length === 0) {
    return (
      <Center h="100vh" p="md">
        <main>
          <Text>{t('no_location')}</Text>
        </main>
      </Center>
    );
  }
  return <Shell session={session} unreachable={isRefetchError} />;
}

function Loading() {
  const { t } = useTranslation();
  return (
    <Center h="100vh">
      <Loader aria-label={t('loading')} />
    </Center>
  );
}

/** The app in the account's own language, else the location's, once that language is loaded. */
function Shell({ session, unreachable }: { session: StaffSessionView; unreachable: boolean }) {
  const [location] = useLocation(session);
  const ready = useAppLanguage(session.account.language ?? location.language);
  return ready ? <ShellFrame session={session} unreachable={unreachable} /> : <Loading />;
}

function ShellFrame({ session, unreachable }: { session: StaffSessionView; unreachable: boolean }) {
  const { t } = useTranslation('shell');
  const here = useRouterLocation();
  const [location, setLocation] = useLocation(session);
  const locale = useLocale(location);
  const signedOut = useSignedOut();
  const signOut = useMutation({
    mutationFn: () => call(webAuthContracts.webSignOut),
    onSettled: signedOut,
  });
  return (
    <AppShell header={{ height: 64 }} navbar={{ width: 180, breakpoint: 0 }} padding="md">
      <AppShell.Header px="md">
        <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
          <Group wrap="nowrap" gap="sm" style={{ flex: 1, minWidth: 0 }}>
            <Text fw={700} size="lg">
              {session.company.name}
            </Text>
            <MemberSearch locationId={location.id} zone={location.time_zone} locale={locale} />
          </Group>
          <Group wrap="nowrap" gap="sm">
            <NativeSelect
              aria-label={t('location')}
              value={location.id}
              onChange={(event) => setLocation(event.currentTarget.value)}
              data={session.locations.map((l) => ({ value: l.id, label: l.name }))}
            />
            <Text size="sm">{t('signed_in_as', { name: session.account.display_name })}</Text>
            <Button variant="default" onClick={() => signOut.mutate()} loading={signOut.isPending}>
              {t('sign_out')}
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" component="nav" aria-label={t('nav.main')}>
        {links
          .filter((link) => (!link.managers || managesAccounts(session)) && (!link.owners || session.account.role === 'owner'))
          .map((link) => (
            // A section's link (Setup) stays lit on each of its sub-pages.
            <NavLink
              key={link.to}
              component={RouterLink}
              to={link.to}
              end={link.end}
              label={t(link.label)}
              {...(link.section && { active: here.pathname.startsWith(link.section) && !links.some((other) => other.to === here.pathname) })}
            />
          ))}
      </AppShell.Navbar>
      <AppShell.Main>
        {unreachable ? (
          <Text role="alert" fw={600} mb="md" p="sm" style={{ color: '#7f1d1d', background: '#fee2e2', borderRadius: 4 }}>
            {t('unreachable.stale')}
          </Text>
        ) : null}
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
