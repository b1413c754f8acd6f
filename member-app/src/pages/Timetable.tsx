import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { classesApi, type MemberClass, type MemberTimetable, type Week } from '../api/classes-api.ts';
import { ClassList, Said } from '../classes/ClassList.tsx';
import { classErrorWords } from '../classes/words.ts';

/** The timetable: this week or next at my studio, filtered by class type and instructor, each class with my state and its one action. */
export function Timetable({ openOffer }: { openOffer: (waitlistId: string) => void }) {
  const { t } = useTranslation('classes');
  const { t: common } = useTranslation('common');
  const [week, setWeek] = useState<Week>('this');
  const [service, setService] = useState('');
  const [instructor, setInstructor] = useState('');
  const [timetable, setTimetable] = useState<MemberTimetable | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const load = useCallback(() => {
    const filters = { ...(service && { service_id: service }), ...(instructor && { instructor_id: instructor }) };
    return classesApi.timetable(week, filters).then(setTimetable, (error: unknown) => setProblem(classErrorWords(t, common, error)));
  }, [week, service, instructor, t, common]);
  useEffect(() => void load(), [load]);

  const changed = (cls: MemberClass, words: string) => {
    setProblem(null);
    setSaid(words);
    setTimetable((now) => (now ? { ...now, classes: now.classes.map((each) => (each.id === cls.id ? cls : each)) } : now));
  };
  const refused = (words: string) => {
    setSaid(null);
    setProblem(words);
    void load();
  };

  return (
    <section className="card">
      <h1>{t('timetable.title')}</h1>
      <div role="group" aria-label={t('week.label')} className="weeks">
        {(['this', 'next'] as const).map((each) => (
          <button key={each} type="button" className={week === each ? '' : 'secondary'} aria-pressed={week === each} onClick={() => setWeek(each)}>
            {t(`week.${each}`)}
          </button>
        ))}
      </div>
      <div className="filters">
        <label>
          {t('filter.service')}
          <select value={service} onChange={(event) => setService(event.target.value)}>
            <option value="">{t('filter.all')}</option>
            {(timetable?.services ?? []).map((each) => (
              <option key={each.id} value={each.id}>
                {each.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('filter.instructor')}
          <select value={instructor} onChange={(event) => setInstructor(event.target.value)}>
            <option value="">{t('filter.all')}</option>
            {(timetable?.instructors ?? []).map((each) => (
              <option key={each.id} value={each.id}>
                {each.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      <Said said={said} problem={problem} />
      {timetable === null ? <p className="quiet">{common('loading')}</p> : null}
      {timetable && timetable.classes.length === 0 ? <p className="quiet">{t('empty')}</p> : null}
      {timetable ? <ClassList classes={timetable.classes} onChanged={changed} onProblem={refused} openOffer={openOffer} /> : null}
    </section>
  );
}
