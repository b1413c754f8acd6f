import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { memberApi, type Member } from './api/member-api.ts';
import { errorWords } from './api/errors.ts';
import { phoneLanguage, switchLanguage } from './i18n/translations.ts';
import { Account } from './pages/Account.tsx';
import { Appointments } from './pages/Appointments.tsx';
import { Membership } from './pages/Membership.tsx';
import { Home } from './pages/Home.tsx';
import { LinkSignIn } from './pages/LinkSignIn.tsx';
import { SignIn } from './pages/SignIn.tsx';
import { followLink, paths, usePath } from './router.ts';

/** The emailed link's secret: `/m/sign-in#<secret>` (a fragment never reaches a server or its logs). */
const linkSecret = () => (window.location.pathname === paths.signIn ? window.location.hash.slice(1) : '');

export function App() {
  const { t, i18n } = useTranslation();
  const [path, navigate] = usePath();
  const [member, setMember] = useState<Member | null | undefined>(undefined);
  const [problem, setProblem] = useState<unknown>(null);
  const [secret] = useState(linkSecret);

  useEffect(() => {
    if (secret) return;
    memberApi.me().then(setMember, (error: unknown) => {
      setProblem(error);
      setMember(null);
    });
  }, [secret]);

  // A phone that speaks none of the app's languages reads the location's.
  useEffect(() => {
    if (member && phoneLanguage(navigator.languages) === null) void switchLanguage(i18n, member.language);
  }, [i18n, member]);

  useEffect(() => {
    document.title = member ? `${member.location.name} · ${t('app.title')}` : t('app.title');
  }, [member, t]);

  const signedIn = (who: Member) => {
    setProblem(null);
    setMember(who);
    navigate(paths.home, { replace: true });
  };
  const signedOut = () => {
    setMember(null);
    navigate(paths.signIn, { replace: true });
  };

  let screen;
  if (secret && member === undefined) screen = <LinkSignIn secret={secret} onSignedIn={signedIn} onFailed={() => setMember(null)} />;
  else if (member === undefined) screen = <p role="status">{t('loading')}</p>;
  else if (member === null) screen = <SignIn onSignedIn={signedIn} linkFailed={Boolean(secret)} />;
  else if (path === paths.account) screen = <Account onSignedOut={signedOut} />;
  else if (path === paths.appointments) screen = <Appointments />;
  else if (path === paths.membership) screen = <Membership />;
  else screen = <Home member={member} />;

  return (
    <>
      <header className="bar">
        <span className="brand">{member?.location.name ?? t('app.title')}</span>
        {member ? (
          <nav aria-label={t('nav.label')}>
            <a href={paths.home} aria-current={![paths.appointments, paths.membership, paths.account].includes(path as never) ? 'page' : undefined} onClick={followLink(navigate, paths.home)}>
              {t('nav.home')}
            </a>
            {(
              [
                ['appointments', paths.appointments],
                ['membership', paths.membership],
              ] as const
            ).map(([name, to]) => (
              <a key={name} href={to} aria-current={path === to ? 'page' : undefined} onClick={followLink(navigate, to)}>
                {t(`nav.${name}`)}
              </a>
            ))}
            <a href={paths.account} aria-current={path === paths.account ? 'page' : undefined} onClick={followLink(navigate, paths.account)}>
              {t('nav.account')}
            </a>
          </nav>
        ) : null}
      </header>
      <main>
        {problem ? (
          <p role="alert" className="problem">
            {errorWords(t, problem)}
          </p>
        ) : null}
        {screen}
      </main>
    </>
  );
}
