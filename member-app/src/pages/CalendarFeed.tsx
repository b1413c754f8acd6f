import { useEffect, useState } from 'react';
import { localeFor, type Language } from '@studio/shared/i18n';
import { useTranslation } from 'react-i18next';
import { errorWords } from '../api/errors.ts';
import { memberData, type CalendarFeed as Feed } from '../api/member-data.ts';

/**
 * The member's private calendar feed: a link a calendar app subscribes to. Only its hash is kept
 * on the server, so the link shows once, when made; renewing makes a new one and stops the old.
 */
export function CalendarFeed() {
  const { t, i18n } = useTranslation('calendar');
  const { t: common } = useTranslation('common');
  const [feed, setFeed] = useState<Feed | null>(null);
  const [copied, setCopied] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => void memberData.calendarFeed().then(setFeed, (error: unknown) => setProblem(errorWords(common, error))), [common]);

  const renew = async () => {
    setProblem(null);
    setCopied(false);
    try {
      setFeed(await memberData.renewCalendarFeed());
    } catch (error) {
      setProblem(errorWords(common, error));
    }
  };
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      setProblem(t('copy_failed'));
    }
  };
  const since = feed?.created_at ? new Intl.DateTimeFormat(localeFor(i18n.language as Language, null), { dateStyle: 'medium' }).format(new Date(feed.created_at)) : '';

  return (
    <section className="card" aria-labelledby="calendar-title">
      <h2 id="calendar-title">{t('title')}</h2>
      <p className="quiet">{t('intro')}</p>
      {feed?.url ? (
        <>
          <label htmlFor="feed-url">{t('url')}</label>
          <input id="feed-url" readOnly value={feed.url} onFocus={(event) => event.target.select()} />
          <p className="quiet">{t('shown_once')}</p>
          {copied ? <p role="status">{t('copied')}</p> : null}
        </>
      ) : feed?.active ? (
        <p>{t('active', { date: since })}</p>
      ) : null}
      {feed ? (
        <div className="actions">
          {feed.url ? (
            <button type="button" onClick={() => void copy(feed.url!)}>
              {t('copy')}
            </button>
          ) : null}
          <button type="button" className="secondary" onClick={() => void renew()}>
            {feed.active ? t('renew') : t('make')}
          </button>
        </div>
      ) : null}
      {problem ? (
        <p role="alert" className="problem">
          {problem}
        </p>
      ) : null}
    </section>
  );
}
