import { useSignedIn } from '../../api/session.ts';
import { useLocale } from '../../i18n/locale.ts';
import { useLocation } from '../../shell/location.ts';

/** The locale the page writes dates in: the staff member's language as spoken at the chosen location. */
export function usePageLocale(): string {
  const session = useSignedIn();
  const [location] = useLocation(session);
  return useLocale(location);
}
