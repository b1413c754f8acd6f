import { localeFor, type Language } from '@studio/shared/i18n';
import type { SessionLocation } from '@studio/shared/web-app';
import { useTranslation } from 'react-i18next';

/**
 * The Intl locale every date, time and number on a page is written in: the staff member's language
 * as spoken in the location's country (English at a studio in Berlin reads 07/12/2026 and 14:00).
 */
export function useLocale(location: Pick<SessionLocation, 'country'>): string {
  const { i18n } = useTranslation();
  return localeFor(i18n.language as Language, location.country);
}
