import { useCallback, useEffect, useState } from 'react';
import { localeFor, type Language } from '@studio/shared/i18n';
import { useTranslation } from 'react-i18next';
import { memberApi, type MemberSession } from '../api/member-api.ts';
import { errorWords } from '../api/errors.ts';
import { CalendarFeed } from './CalendarFeed.tsx';
import { Reminders } from './Reminders.tsx';

/** Account: the devices signed in (this one marked), each other one ended from here; sign out of this one; the class reminders; the calendar feed. */
export function Account({ onSignedOut }: { onSignedOut: () => void }) {
  const { t, i18n } = useTranslation('account');
  const { t: common } = useTranslation('common');
  const [sessions, setSessions] = useState<MemberSession[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const load = useCallback(() => memberApi.sessions().then(setSessions, (error: unknown) => setProblem(errorWords(common, error))), [common]);
  useEffect(() => void load(), [load]);

  const when = (iso: string) => new Intl.DateTimeFormat(localeFor(i18n.language as Language, null), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  const act = async (work: () => Promise<unknown>) => {
    setProblem(null);
    try {
      await work();
    } catch (error) {
      setProblem(errorWords(common, error));
    }
  };

  return (
    <>
      <section className="card">
        <h1>{t('title')}</h1>
        <h2>{t('sessions')}</h2>
        {sessions === null ? <p role="status">{common('loading')}</p> : null}
        <ul className="sessions">
          {(sessions ?? []).map((session) => {
            const device = session.device ?? t('unknown_device');
            return (
              <li key={session.id}>
                <div>
                  <strong>{device}</strong>
                  {session.current ? <span className="tag">{t('this_device')}</span> : null}
                  <div className="quiet">{t('last_used', { when: when(session.last_seen_at) })}</div>
                </div>
                {session.current ? null : (
                  <button
                    type="button"
                    className="secondary"
                    aria-label={t('end_label', { device, when: when(session.last_seen_at) })}
                    onClick={() => void act(async () => (await memberApi.endSession(session.id), await load()))}
                  >
                    {t('end')}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
        <button type="button" onClick={() => void act(async () => (await memberApi.signOut(), onSignedOut()))}>
          {t('sign_out')}
        </button>
        {problem ? (
          <p role="alert" className="problem">
            {problem}
          </p>
        ) : null}
      </section>
      <Reminders />
      <CalendarFeed />
    </>
  );
}
