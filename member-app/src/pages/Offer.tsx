import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { classesApi, type MemberOffer } from '../api/classes-api.ts';
import { Said } from '../classes/ClassList.tsx';
import { classErrorWords, classValues } from '../classes/words.ts';

/** A waitlist offer, as the email's link opens it: the class, the deadline, Accept / Decline while it is open. */
export function Offer({ waitlistId }: { waitlistId: string }) {
  const { t, i18n } = useTranslation('classes');
  const { t: common } = useTranslation('common');
  const [offer, setOffer] = useState<MemberOffer | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    classesApi.offer(waitlistId).then(setOffer, (error: unknown) => setProblem(classErrorWords(t, common, error)));
  }, [waitlistId, t, common]);

  const answer = async (work: () => Promise<MemberOffer>) => {
    setBusy(true);
    setProblem(null);
    try {
      setOffer(await work());
    } catch (error) {
      setProblem(classErrorWords(t, common, error));
      classesApi.offer(waitlistId).then(setOffer, () => undefined);
    } finally {
      setBusy(false);
    }
  };

  const cls = offer?.class;
  const said = offer && offer.status !== 'open' && !problem ? t(`offer.${offer.status}`) : null;
  return (
    <section className="card">
      <h1>{t('offer.title')}</h1>
      {offer === null && !problem ? <p className="quiet">{common('loading')}</p> : null}
      {cls ? <p>{t('offer.lead', classValues(i18n.language, cls))}</p> : null}
      {offer?.status === 'open' && cls?.mine.offer_until_local ? <p className="deadline">{t('offer.deadline', { deadline: cls.mine.offer_until_local })}</p> : null}
      <Said said={said} problem={problem} />
      {offer?.status === 'open' ? (
        <div className="confirm-actions">
          <button type="button" disabled={busy} onClick={() => void answer(() => classesApi.acceptOffer(waitlistId))}>
            {t('offer.accept')}
          </button>
          <button type="button" className="secondary" disabled={busy} onClick={() => void answer(() => classesApi.declineOffer(waitlistId))}>
            {t('offer.decline')}
          </button>
        </div>
      ) : null}
    </section>
  );
}
