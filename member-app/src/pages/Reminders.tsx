import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorWords } from '../api/errors.ts';
import { preferencesApi } from '../api/preferences-api.ts';

/** The reminder emails before each booked class: on unless the member turns them off, here or from a reminder's unsubscribe link. */
export function Reminders() {
  const { t } = useTranslation('account');
  const { t: common } = useTranslation('common');
  const [on, setOn] = useState<boolean | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    preferencesApi.read().then(
      (choices) => setOn(choices.class_reminders),
      (error: unknown) => setProblem(errorWords(common, error)),
    );
  }, [common]);

  // The box shows the choice at once; were the server not to take it, it goes back and says why.
  const change = async (wanted: boolean) => {
    setProblem(null);
    setSaid(null);
    setOn(wanted);
    try {
      const choices = await preferencesApi.setClassReminders(wanted);
      setOn(choices.class_reminders);
      setSaid(t(choices.class_reminders ? 'reminders.on' : 'reminders.off'));
    } catch (error) {
      setOn(!wanted);
      setProblem(errorWords(common, error));
    }
  };

  return (
    <section className="card">
      <h2>{t('reminders.title')}</h2>
      {on === null && !problem ? <p role="status">{common('loading')}</p> : null}
      {on === null ? null : (
        <label className="check">
          <input type="checkbox" checked={on} onChange={(event) => void change(event.target.checked)} />
          {t('reminders.label')}
        </label>
      )}
      <p role="status" className="said">
        {said}
      </p>
      {problem ? (
        <p role="alert" className="problem">
          {problem}
        </p>
      ) : null}
    </section>
  );
}
