import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { classesApi, type MemberClass } from '../api/classes-api.ts';
import { ClassList, Said } from '../classes/ClassList.tsx';
import { classErrorWords } from '../classes/words.ts';

/** My bookings: the classes ahead where I hold a spot, wait, or hold an offer; cancelled ones leave the list. */
export function Bookings({ openOffer }: { openOffer: (waitlistId: string) => void }) {
  const { t } = useTranslation('classes');
  const { t: common } = useTranslation('common');
  const [classes, setClasses] = useState<MemberClass[] | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const load = useCallback(() => classesApi.bookings().then(setClasses, (error: unknown) => setProblem(classErrorWords(t, common, error))), [t, common]);
  useEffect(() => void load(), [load]);

  const changed = (cls: MemberClass, words: string) => {
    setProblem(null);
    setSaid(words);
    setClasses((now) => (now ?? []).map((each) => (each.id === cls.id ? cls : each)).filter((each) => each.mine.state !== 'none'));
  };
  const refused = (words: string) => {
    setSaid(null);
    setProblem(words);
    void load();
  };

  return (
    <section className="card">
      <h1>{t('bookings.title')}</h1>
      <Said said={said} problem={problem} />
      {classes === null ? <p className="quiet">{common('loading')}</p> : null}
      {classes && classes.length === 0 ? <p className="quiet">{t('bookings.empty')}</p> : null}
      {classes ? <ClassList classes={classes} onChanged={changed} onProblem={refused} openOffer={openOffer} /> : null}
    </section>
  );
}
