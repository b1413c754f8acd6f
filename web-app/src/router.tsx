import { useTranslation } from 'react-i18next';
import { createBrowserRouter } from 'react-router';
import { SignedInShell } from './shell/SignedInShell.tsx';
import { SignInPage } from './pages/SignIn.tsx';
import { TodayPage } from './pages/Today.tsx';
import { MembersPage } from './pages/Members.tsx';
import { ProfilePage } from './pages/Profile.tsx';

// Shown while a split-off page loads on a first visit straight to its address.
function Loading() {
  const { t } = useTranslation();
  return <p style={{ padding: '1rem' }}>{t('loading')}</p>;
}

const setupPage = (path: string, load: () => Promise<React.ComponentType>) => ({ path: `setup/${path}`, lazy: async () => ({ Component: await load() }) });

/** Setup's sub-pages (the owner's and managers'); `/setup` itself is the first owner's setup link. */
const setupRoutes = [
  setupPage('locations', () => import('./pages/setup/Locations.tsx').then((m) => m.LocationsSetupPage)),
  setupPage('staff', () => import('./pages/setup/StaffMembers.tsx').then((m) => m.StaffMembersPage)),
  setupPage('rooms', () => import('./pages/setup/Rooms.tsx').then((m) => m.RoomsPage)),
  setupPage('services', () => import('./pages/setup/Services.tsx').then((m) => m.ServicesPage)),
  setupPage('plans', () => import('./pages/setup/Plans.tsx').then((m) => m.PlansPage)),
  setupPage('packages', () => import('./pages/setup/Packages.tsx').then((m) => m.PackagesPage)),
  setupPage('gift-cards', () => import('./pages/setup/GiftCards.tsx').then((m) => m.GiftCardsPage)),
  setupPage('emails', () => import('./pages/setup/MemberEmails.tsx').then((m) => m.MemberEmailsPage)),
];

// The desk's pages load with the app; the owner's rarely used ones are split off.
export const router = createBrowserRouter(
  [
    { path: '/sign-in', Component: SignInPage },
    { path: '/password', HydrateFallback: Loading, lazy: () => import('./pages/Password.tsx').then((m) => ({ Component: m.PasswordPage })) },
    { path: '/setup', HydrateFallback: Loading, lazy: () => import('./pages/Setup.tsx').then((m) => ({ Component: m.SetupPage })) },
    {
      path: '/',
      Component: SignedInShell,
      HydrateFallback: Loading,
      children: [
        { index: true, Component: TodayPage },
        { path: 'members', Component: MembersPage },
        { path: 'members/:id', Component: ProfilePage },
        { path: 'classes', lazy: () => import('./pages/classes/Timetable.tsx').then((m) => ({ Component: m.TimetablePage })) },
        { path: 'classes/series/:id', lazy: () => import('./pages/classes/SeriesForm.tsx').then((m) => ({ Component: m.SeriesFormPage })) },
        { path: 'classes/:id', lazy: () => import('./pages/classes/ClassPage.tsx').then((m) => ({ Component: m.ClassPagePage })) },
        { path: 'appointments', lazy: () => import('./pages/appointments/AppointmentsPage.tsx').then((m) => ({ Component: m.AppointmentsPage })) },
        { path: 'developers', lazy: () => import('./pages/Developers.tsx').then((m) => ({ Component: m.DevelopersPage })) },
        { path: 'staff', lazy: () => import('./pages/Staff.tsx').then((m) => ({ Component: m.StaffPage })) },
        ...setupRoutes,
        { path: 'devices', lazy: () => import('./pages/Devices.tsx').then((m) => ({ Component: m.DevicesPage })) },
        { path: 'setup/import', lazy: () => import('./pages/setup/Import.tsx').then((m) => ({ Component: m.ImportExportPage })) },
        { path: 'account', lazy: () => import('./pages/Account.tsx').then((m) => ({ Component: m.AccountPage })) },
      ],
    },
  ],
  { basename: '/app' },
);
