import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MemberApiError, memberApi, type Member } from '../api/member-api.ts';
import { errorWords } from '../api/errors.ts';
import { appLocation, forgetLocation, rememberLocation } from '../api/location.ts';

type Step = { kind: 'email' } | { kind: 'code'; email: string; minutes: number };

/** Sign in: the email, then the 6 digits sent to it (or the link in the same email). */
export function SignIn({ onSignedIn, linkFailed }: { onSignedIn: (member: Member) => void; linkFailed: boolean }) {
  const { t } = useTranslation('sign-in');
  const { t: common } = useTranslation('common');
  const [location, setLocation] = useState(appLocation);
  const [step, setStep] = useState<Step>({ kind: 'email' });
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function attempt(work: () => Promise<void>) {
    setBusy(true);
    setProblem(null);
    try {
      await work();
    } catch (error) {
      setProblem(errorWords(common, error));
      // A studio code the server does not know is asked for again.
      if (error instanceof MemberApiError && error.param === 'location') {
        forgetLocation();
        setLocation(null);
      }
    } finally {
      setBusy(false);
    }
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? '').trim();
    if (!location) {
      setProblem(null);
      rememberLocation(value('location'));
      setLocation(value('location'));
    } else if (step.kind === 'email') {
      const email = value('email');
      void attempt(async () => setStep({ kind: 'code', email, minutes: (await memberApi.requestCode(email, location)).minutes }));
    } else void attempt(async () => onSignedIn(await memberApi.signInWithCode(step.email, value('code'))));
  };

  const alert = problem ?? (linkFailed && step.kind === 'email' ? t('link.failed') : null);
  return (
    <section className="card">
      <h1>{location ? t('title') : t('location.title')}</h1>
      <form onSubmit={submit} noValidate={false}>
        {!location ? (
          <>
            <p>{t('location.intro')}</p>
            <label htmlFor="location">{t('location.code')}</label>
            <input key="location" id="location" name="location" required autoCapitalize="none" autoComplete="off" />
            <button type="submit">{t('location.continue')}</button>
          </>
        ) : step.kind === 'email' ? (
          <>
            <p>{t('intro')}</p>
            <label htmlFor="email">{t('email')}</label>
            <input key="email" id="email" name="email" type="email" required autoComplete="email" inputMode="email" />
            <button type="submit" disabled={busy}>
              {t('send')}
            </button>
          </>
        ) : (
          <>
            <p role="status">{t('sent', { minutes: step.minutes })}</p>
            <label htmlFor="code">{t('code')}</label>
            <input key="code" id="code" name="code" autoFocus required autoComplete="one-time-code" inputMode="numeric" pattern="[0-9]{6}" maxLength={6} />
            <button type="submit" disabled={busy}>
              {t('submit')}
            </button>
            <button type="button" className="secondary" onClick={() => setStep({ kind: 'email' })}>
              {t('other_email')}
            </button>
          </>
        )}
        {alert ? (
          <p role="alert" className="problem">
            {alert}
          </p>
        ) : null}
      </form>
    </section>
  );
}
