import { useTranslation } from 'react-i18next';
import type { MemberClass } from '../api/classes-api.ts';
import { ClassItem } from './ClassItem.tsx';
import { dayWords } from './words.ts';

interface Props {
  classes: MemberClass[];
  onChanged: (cls: MemberClass, said: string) => void;
  onProblem: (said: string) => void;
  openOffer: (waitlistId: string) => void;
}

/** Classes by day, each day under its heading, earliest first. */
export function ClassList({ classes, ...handlers }: Props) {
  const { i18n } = useTranslation('classes');
  const days = [...new Set(classes.map((cls) => cls.local_date))];
  return (
    <>
      {days.map((day) => (
        <section key={day} aria-labelledby={`day-${day}`}>
          <h2 id={`day-${day}`}>{dayWords(i18n.language, day)}</h2>
          <ul className="classes">
            {classes
              .filter((cls) => cls.local_date === day)
              .map((cls) => (
                <ClassItem key={cls.id} cls={cls} {...handlers} />
              ))}
          </ul>
        </section>
      ))}
    </>
  );
}

/** What the screens say after a change or a refusal: a status read out politely, a problem at once. */
export function Said({ said, problem }: { said: string | null; problem: string | null }) {
  return (
    <>
      <p role="status" className="said">
        {said ?? ''}
      </p>
      {problem ? (
        <p role="alert" className="problem">
          {problem}
        </p>
      ) : null}
    </>
  );
}
