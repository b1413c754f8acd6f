import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { followLink, paths } from './router.ts';

/** The screens a signed-in member moves between, in the order members use them most. */
const tabs = [
  ['home', paths.home],
  ['classes', paths.classes],
  ['bookings', paths.bookings],
  ['appointments', paths.appointments],
  ['pass', paths.pass],
  ['membership', paths.membership],
  ['account', paths.account],
] as const;

/**
 * The app's one menu: a strip of tabs under the bar, one line at a phone's width (it scrolls sideways
 * when the words are longer, as in German), the current screen's tab marked and kept in view.
 */
export function MainNav({ path, navigate }: { path: string; navigate: (to: string) => void }) {
  const { t } = useTranslation();
  const { t: classWords } = useTranslation('classes');
  const current = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    // In braces: Chromium's scrollIntoView now answers a promise, which an effect must not return.
    void current.current?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [path]);
  const words = (name: (typeof tabs)[number][0]) => (name === 'classes' || name === 'bookings' ? classWords(`nav.${name}`) : t(`nav.${name}`));
  const isCurrent = (to: string) => (to === paths.home ? path === paths.home : path === to || (to === paths.bookings && path.startsWith(paths.offers)));
  return (
    <nav aria-label={t('nav.label')} className="tabs">
      {tabs.map(([name, to]) => (
        <a key={name} href={to} ref={isCurrent(to) ? current : undefined} aria-current={isCurrent(to) ? 'page' : undefined} onClick={followLink(navigate, to)}>
          {words(name)}
        </a>
      ))}
    </nav>
  );
}
