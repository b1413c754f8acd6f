import { useTranslation } from 'react-i18next';
import type { Member } from '../api/member-api.ts';

/** Home: who is signed in and at which studio, and where classes are booked. */
export function Home({ member }: { member: Member }) {
  const { t } = useTranslation('home');
  return (
    <section className="card">
      <h1>{t('hello', { name: member.first_name })}</h1>
      <p>{t('studio', { location: member.location.name })}</p>
      <p className="quiet">{t('soon')}</p>
    </section>
  );
}
