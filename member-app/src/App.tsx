import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { memberApi, MemberApiError, type Member } from './api/member-api.ts';
import { errorWords } from './api/errors.ts';
import { appLocation } from './api/location.ts';
import { applyLook, fetchLook, type AppLocation } from './api/look.ts';
import { phoneLanguage, switchLanguage } from './i18n/translations.ts';
import { Bookings } from './pages/Bookings.tsx';
import { Timetable } from './pages/Timetable.tsx';
import { Home } from './pages/Home.tsx';
import { forgetPass, storedPass } from './pass/pass-store.ts';
import { LinkSignIn } from './pages/LinkSignIn.tsx';
import { SignIn } from './pages/SignIn.tsx';
import { MainNav } from './MainNav.tsx';
import { offerPath, paths, usePath } from './router.ts';

// Screens a member opens less often than Home, Classes and My bookings load when first opened (the
// first load stays small: bench/member-app.ts); the service worker keeps their chunks for offline use.
const Account = lazy(() => import('./pages/Account.tsx').then((module) => ({ default: module.Account })));
const Appointments = lazy(() => import('./pages/Appointments.tsx').then((module) => ({ default: module.Appointments })));
const Membership = lazy(() => import('./pages/Membership.tsx').then((module) => ({ default: module.Membership })));
const Offer = lazy(() => import('./pages/Offer.tsx').then((module) => ({ default: module.Offer })));
/** The Pass screen and its QR encoder load when first opened; the service worker keeps the chunk for offline use. */
const Pass = lazy(() => import('./pages/Pass.tsx').then((module) => ({ default: module.Pass })));

/** The emailed link's secret: `/m/sign-in#<secret>` (a fragment never reaches a server or its logs). */
export const linkSecret = () => (window.location.pathname === paths.signIn ? window.location.hash.slice(1) : '');

/**
 * The app; `firstMember`: the signed-in member asked for as the page began (main.tsx), beside its
 * translations, rather than after the first render.
 */
export function App({ firstMember }: { firstMember: Promise<Member | null> | null }) {
  const { t, i18n } = useTranslation();
  const [path, navigate] = usePath();
  const [member, setMember] = useState<Member | null | undefined>(undefined);
  const [problem, setProblem] = useState<unknown>(null);
  const [secret] = useState(linkSecret);
  const [addressed, setAddressed] = useState<AppLocation | null>(null);
  // The signed-in member's location, else the one the address names: its name, logo and colour.
  const look = member?.location ?? addressed;

  useEffect(() => {
    if (secret) return;
    (firstMember ?? memberApi.me()).then(setMember, (error: unknown) => {
      setProblem(error);
      setMember(null);
    });
  }, [secret, firstMember]);

  useEffect(() => {
    const slug = appLocation();
    if (slug) void fetchLook(slug).then(setAddressed);
  }, []);

  useEffect(() => {
    if (look) applyLook(look);
  }, [look]);

  // A phone that speaks none of the app's languages reads the location's.
  useEffect(() => {
    if (member && phoneLanguage(navigator.languages) === null) void switchLanguage(i18n, member.language);
  }, [i18n, member]);

  useEffect(() => {
    document.title = look ? `${look.name} · ${t('app.title')}` : t('app.title');
  }, [look, t]);

  const signedIn = (who: Member) => {
    setProblem(null);
    setMember(who);
    navigate(paths.home, { replace: true });
  };
  const openOffer = (waitlistId: string) => navigate(offerPath(waitlistId));
  const signedOut = () => {
    forgetPass();
    setMember(null);
    navigate(paths.signIn, { replace: true });
  };

  // Opened with no signal: the pass kept on the phone still shows.
  const passOffline = path === paths.pass && member === null && problem instanceof MemberApiError && problem.code === 'unreachable' && storedPass() !== null;
  let screen;
  if (secret && member === undefined) screen = <LinkSignIn secret={secret} onSignedIn={signedIn} onFailed={() => setMember(null)} />;
  else if (member === undefined) screen = <p role="status">{t('loading')}</p>;
  else if (passOffline) screen = <Pass member={null} />;
  else if (member === null) screen = <SignIn onSignedIn={signedIn} linkFailed={Boolean(secret)} />;
  else if (path === paths.account) screen = <Account onSignedOut={signedOut} />;
  else if (path === paths.classes) screen = <Timetable openOffer={openOffer} />;
  else if (path === paths.bookings) screen = <Bookings openOffer={openOffer} />;
  else if (path.startsWith(paths.offers)) screen = <Offer key={path} waitlistId={decodeURIComponent(path.slice(paths.offers.length))} />;
  else if (path === paths.pass) screen = <Pass member={member} />;
  else if (path === paths.appointments) screen = <Appointments />;
  else if (path === paths.membership) screen = <Membership />;
  else screen = <Home member={member} />;

  return (
    <>
      <header className="bar">
        <span className="brand">
          {look?.logo ? <img src={look.logo} alt="" /> : null}
          {look?.name ?? t('app.title')}
        </span>
      </header>
      {member ? <MainNav path={path} navigate={navigate} /> : null}
      <main>
        {problem && !passOffline ? (
          <p role="alert" className="problem">
            {errorWords(t, problem)}
          </p>
        ) : null}
        <Suspense fallback={<p role="status">{t('loading')}</p>}>{screen}</Suspense>
      </main>
    </>
  );
}
