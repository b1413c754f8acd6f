import type { Language } from '@studio/shared/i18n';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { switchLanguage } from './translations.ts';

/**
 * Speaks `wanted` (the account's own language, else the location's) across the app, once its
 * catalogs are loaded; false until then, so no page shows half in one language and half in another.
 */
export function useAppLanguage(wanted: Language): boolean {
  const { i18n } = useTranslation();
  const [, setSwitched] = useState(0);
  useEffect(() => {
    let current = true;
    void switchLanguage(i18n, wanted).then(() => current && setSwitched((count) => count + 1));
    return () => {
      current = false;
    };
  }, [i18n, wanted]);
  return i18n.language === wanted;
}
