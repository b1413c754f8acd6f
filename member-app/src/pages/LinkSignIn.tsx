import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { memberApi, type Member } from '../api/member-api.ts';

/** The emailed link opened: its secret (the fragment) signs this device in, then leaves the address. */
export function LinkSignIn({ secret, onSignedIn, onFailed }: { secret: string; onSignedIn: (member: Member) => void; onFailed: () => void }) {
  const { t } = useTranslation('sign-in');
  const tried = useRef(false);
  useEffect(() => {
    // Once: a link works one time, and React's development mode runs effects twice.
    if (tried.current) return;
    tried.current = true;
    window.history.replaceState(null, '', window.location.pathname + window.location.search);
    memberApi.signInWithLink(secret).then(onSignedIn, onFailed);
  }, [secret, onSignedIn, onFailed]);
  return <p role="status">{t('link.working')}</p>;
}
