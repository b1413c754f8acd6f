import { useEffect, useState } from 'react';
import { localeFor, type Language } from '@studio/shared/i18n';
import { useTranslation } from 'react-i18next';
import { errorWords } from '../api/errors.ts';
import { memberData, type Membership as Held, type Visit } from '../api/member-data.ts';
import { longDate } from './when.ts';

/** One membership or package: its plan, its status in words, visits left and when it renews or ends. */
function MembershipCard({ held }: { held: Held }) {
  const { t, i18n } = useTranslation('membership');
  const date = (day: string) => longDate(i18n.language, day);
  let left: string;
  if (held.visits_remaining === null) left = t('visits.unlimited');
  else if (held.kind === 'package') left = t('visits.credits', { count: held.visits_remaining });
  else left = t('visits.left', { count: held.visits_remaining, limit: held.visit_limit ?? 0 });
  let until: string | null = null;
  if (held.renews_at) until = t('renews', { date: date(held.renews_at) });
  else if (held.end_date) until = t('ends', { date: date(held.end_date) });
  return (
    <li>
      <h2>{held.plan_name}</h2>
      <p className={`status status-${held.status}`}>{t(`status.${held.status}`)}</p>
      <p>{left}</p>
      {until ? <p className="quiet">{until}</p> : null}
    </li>
  );
}

/** My membership: what the member holds, in words, and their recent check-ins. */
export function Membership() {
  const { t, i18n } = useTranslation('membership');
  const { t: common } = useTranslation('common');
  const [held, setHeld] = useState<Held[] | null>(null);
  const [visits, setVisits] = useState<Visit[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    const failed = (error: unknown) => setProblem(errorWords(common, error));
    memberData.memberships().then(setHeld, failed);
    memberData.visits().then(setVisits, failed);
  }, [common]);
  const when = (iso: string) => new Intl.DateTimeFormat(localeFor(i18n.language as Language, null), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

  return (
    <>
      <section className="card" aria-labelledby="membership-title">
        <h1 id="membership-title">{t('title')}</h1>
        {held === null ? <p role="status">{common('loading')}</p> : null}
        {held?.length === 0 ? <p className="quiet">{t('none')}</p> : null}
        <ul className="memberships">
          {(held ?? []).map((m) => (
            <MembershipCard key={m.id} held={m} />
          ))}
        </ul>
        {problem ? (
          <p role="alert" className="problem">
            {problem}
          </p>
        ) : null}
      </section>
      <section className="card" aria-labelledby="visits-title">
        <h2 id="visits-title">{t('visits.title')}</h2>
        {visits === null ? <p role="status">{common('loading')}</p> : null}
        {visits?.length === 0 ? <p className="quiet">{t('visits.none')}</p> : null}
        <ul className="visits">
          {(visits ?? []).map((visit) => (
            <li key={visit.id}>
              {when(visit.checked_in_at)} <span className="quiet">{visit.location_name}</span>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
