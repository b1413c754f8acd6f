import { AppShell, Button, Center, Group, Loader, NativeSelect, NavLink, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { NavLink as RouterLink, Navigate, Outlet, useLocation as useRouterLocation } from 'react-router';
import { webAuthContracts } from '@studio/shared/contracts/web-auth';
import { call } from '../api/call.ts';
import { managesAccounts, useSession, useSignedOut } from '../api/session.ts';
import { ErrorAlert } from '../components/ErrorAlert.tsx';
import { useLocation } from './location.ts';
import { MemberSearch } from './MemberSearch.tsx';
import type { StaffSessionView } from '@studio/shared/web-app';

const links: { to: string; label: string; end: boolean; managers: boolean; owners?: boolean; section?: string }[] = [
  { to: '/', label: 'Today', end: true, managers: false },
  { to: '/members', label: 'Members', end: false, managers: false },
  { to: '/classes', label: 'Classes', end: false, managers: false },
  { to: '/appointments', label: 'Appointments', end: false, managers: false },
  { to: '/devices', label: 'Devices', end: false, managers: false },
  { to: '/developers', label: 'Developers', end: false, managers: true },
  { to: '/staff', label: 'Staff', end: false, managers: true },
  { to: '/setup/locations', label: 'Setup', end: false, managers: true, section: '/setup/' },
  { to: '/setup/import', label: 'Import and export', end: false, managers: true, owners: true },
  { to: '/account', label: 'Account', end: false, managers: false },
];

/** Every signed-in page: the banner (search, location, who is signed in), the main navigation, the page. */
export function SignedInShell() {
  const { data: session, isPending, error, isRefetchError } = useSession();
  const here = useRouterLocation();
  if (isPending) {
    return (
      <Center h="100vh">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  if (error && !session) {
    return (
      <Center h="100vh" p="md">
        <main>
          <ErrorAlert error={error} title="The server cannot be reached" />
        </main>
      </Center>
    );
  }
  if (!session) return <Navigate to={`/sign-in${here.search}`} replace />;
  if (session.locations.length === 0) {
    return (
      <Center h="100vh" p="md">
        <main>
          <Text>This account works at no location yet. Ask the owner to give it one.</Text>
        </main>
      </Center>
    );
  }
  return <Shell session={session} unreachable={isRefetchError} />;
}

function Shell({ session, unreachable }: { session: StaffSessionView; unreachable: boolean }) {
  const here = useRouterLocation();
  const [location, setLocation] = useLocation(session);
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
            <MemberSearch locationId={location.id} zone={location.time_zone} />
          </Group>
          <Group wrap="nowrap" gap="sm">
            <NativeSelect
              aria-label="Location"
              value={location.id}
              onChange={(event) => setLocation(event.currentTarget.value)}
              data={session.locations.map((l) => ({ value: l.id, label: l.name }))}
            />
            <Text size="sm">Signed in as {session.account.display_name}</Text>
            <Button variant="default" onClick={() => signOut.mutate()} loading={signOut.isPending}>
              Sign out
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" component="nav" aria-label="Main">
        {links
          .filter((link) => (!link.managers || managesAccounts(session)) && (!link.owners || session.account.role === 'owner'))
          .map((link) => (
            // A section's link (Setup) stays lit on each of its sub-pages.
            <NavLink
              key={link.to}
              component={RouterLink}
              to={link.to}
              end={link.end}
              label={link.label}
              {...(link.section && { active: here.pathname.startsWith(link.section) && !links.some((other) => other.to === here.pathname) })}
            />
          ))}
      </AppShell.Navbar>
      <AppShell.Main>
        {unreachable ? (
          <Text role="alert" fw={600} mb="md" p="sm" style={{ color: '#7f1d1d', background: '#fee2e2', borderRadius: 4 }}>
            The server cannot be reached: the page shows the last data it had. Check this computer&apos;s network.
          </Text>
        ) : null}
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
