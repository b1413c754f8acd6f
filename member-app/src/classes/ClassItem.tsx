import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { classesApi, type MemberClass } from '../api/classes-api.ts';
import { classErrorWords, classValues } from './words.ts';

interface Props {
  cls: MemberClass;
  /** After a change: the class as it is now, and what to tell the member. */
  onChanged: (cls: MemberClass, said: string) => void;
  onProblem: (said: string) => void;
  /** Opens the screen of my waitlist offer. */
  openOffer: (waitlistId: string) => void;
}

/** One class: time, name, instructor, spots left or the waitlist, my state, and the one action that fits it. */
export function ClassItem({ cls, onChanged, onProblem, openOffer }: Props) {
  const { t, i18n } = useTranslation('classes');
  const { t: common } = useTranslation('common');
  const [busy, setBusy] = useState(false);
  const [confirmLate, setConfirmLate] = useState(false);
  const values = classValues(i18n.language, cls);
  const { mine } = cls;

  const act = async (work: () => Promise<{ cls: MemberClass; said: string }>) => {
    setBusy(true);
    try {
      const done = await work();
      setConfirmLate(false);
      onChanged(done.cls, done.said);
    } catch (error) {
      onProblem(classErrorWords(t, common, error));
    } finally {
      setBusy(false);
    }
  };
  const book = () => act(async () => ({ cls: await classesApi.book(cls.id), said: t('done.booked', values) }));
  const join = () =>
    act(async () => {
      const now = await classesApi.joinWaitlist(cls.id);
      return { cls: now, said: now.mine.state === 'booked' ? t('done.booked', values) : t('done.joined', { position: now.mine.position ?? 1 }) };
    });
  const leave = () => act(async () => ({ cls: await classesApi.leaveWaitlist(cls.id), said: t('done.left') }));
  const cancel = () =>
    act(async () => {
      const result = await classesApi.cancel(cls.id);
      return { cls: result.class, said: result.late ? t(`done.late.${result.cost}`) : t('done.cancelled') };
    });

  let state: string | null = null;
  if (mine.state === 'booked') state = t('state.booked');
  else if (mine.state === 'checked_in') state = t('state.checked_in');
  else if (mine.state === 'waiting') state = t('state.waiting', { position: mine.position ?? 1 });
  else if (mine.state === 'offered') state = t('state.offered', { time: mine.offer_until_local ?? '' });

  let action = null;
  if (cls.status === 'cancelled' || !cls.open) action = null;
  else if (mine.state === 'booked' && mine.cancel?.late)
    action = (
      <button type="button" className="secondary" disabled={busy} aria-expanded={confirmLate} aria-label={t('action.cancel_label', values)} onClick={() => setConfirmLate(true)}>
        {t('action.cancel')}
      </button>
    );
  else if (mine.state === 'booked')
    action = (
      <button type="button" className="secondary" disabled={busy} aria-label={t('action.cancel_label', values)} onClick={() => void cancel()}>
        {t('action.cancel')}
      </button>
    );
  else if (mine.state === 'waiting')
    action = (
      <button type="button" className="secondary" disabled={busy} onClick={() => void leave()}>
        {t('action.leave')}
      </button>
    );
  else if (mine.state === 'offered' && mine.waitlist_id)
    action = (
      <button type="button" disabled={busy} onClick={() => openOffer(mine.waitlist_id!)}>
        {t('action.offer')}
      </button>
    );
  else if (mine.state === 'none' && cls.spots_left > 0)
    action = (
      <button type="button" disabled={busy} aria-label={t('action.book_label', values)} onClick={() => void book()}>
        {t('action.book')}
      </button>
    );
  else if (mine.state === 'none')
    action = (
      <button type="button" className="secondary" disabled={busy} aria-label={t('action.join_label', values)} onClick={() => void join()}>
        {t('action.join')}
      </button>
    );

  return (
    <li className="class">
      <div className="class-time">
        <strong>{cls.local_start}</strong>
        <span className="quiet">{cls.local_end}</span>
      </div>
      <div className="class-body">
        <strong>{cls.service_name}</strong>
        {cls.instructor_name ? <div className="quiet">{t('with', { name: cls.instructor_name })}</div> : null}
        <div className="quiet">{cls.status === 'cancelled' ? t('cancelled') : cls.spots_left > 0 ? t('spots_left', { count: cls.spots_left }) : t('full_waitlist', { count: cls.waiting })}</div>
        {state ? <span className={`tag state-${mine.state}`}>{state}</span> : null}
        {action ? <div className="class-action">{action}</div> : null}
        {confirmLate && mine.cancel ? (
          <div role="alertdialog" aria-labelledby={`late-${cls.id}`} aria-describedby={`late-cost-${cls.id}`} className="confirm">
            <strong id={`late-${cls.id}`}>{t('late.title')}</strong>
            <p id={`late-cost-${cls.id}`}>{t(`late.${mine.cancel.cost}`)}</p>
            <div className="confirm-actions">
              <button type="button" className="danger" disabled={busy} onClick={() => void cancel()}>
                {t('late.confirm')}
              </button>
              <button type="button" className="secondary" disabled={busy} onClick={() => setConfirmLate(false)}>
                {t('late.keep')}
              </button>
            </div>
          </div>
        ) : null}
      </div>
    </li>
  );
}
