import { useCallback, useEffect, useState, type MouseEvent } from 'react';

/** The app's screens by path: a few, so the History API does what a router library would. */
export const paths = {
  home: '/m/',
  pass: '/m/pass',
  appointments: '/m/appointments',
  membership: '/m/membership',
  account: '/m/account',
  signIn: '/m/sign-in',
  classes: '/m/classes',
  bookings: '/m/bookings',
  offers: '/m/offers/',
} as const;

/** A waitlist offer's screen, as the offer email links to it. */
export const offerPath = (waitlistId: string) => `${paths.offers}${encodeURIComponent(waitlistId)}`;

export function usePath(): [string, (to: string, options?: { replace?: boolean }) => void] {
  const [path, setPath] = useState(() => window.location.pathname);
  useEffect(() => {
    const changed = () => setPath(window.location.pathname);
    window.addEventListener('popstate', changed);
    return () => window.removeEventListener('popstate', changed);
  }, []);
  const navigate = useCallback((to: string, options: { replace?: boolean } = {}) => {
    // The query (`?location=`) is kept: the address stays the studio's own link.
    const next = `${to}${window.location.search}`;
    if (options.replace) window.history.replaceState(null, '', next);
    else window.history.pushState(null, '', next);
    setPath(to);
  }, []);
  return [path, navigate];
}

/** A link's click as the app's own navigation (a new tab or window still opens the address). */
export function followLink(navigate: (to: string) => void, to: string) {
  return (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    navigate(to);
  };
}
