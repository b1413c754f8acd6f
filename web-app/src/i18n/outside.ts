import { createTranslator } from '@studio/shared/i18n';
import type { TFunction } from 'i18next';
import { getI18n } from 'react-i18next';
import { english, namespaces } from './english.ts';

let englishOnly: ReturnType<typeof createTranslator> | null = null;

/**
 * The `common` messages for code outside components (the fetch wrapper, a form's checks), in the
 * language the app shows now. Before the app has started its translator (a unit test of that code)
 * the words are the English catalog's, so no sentence is written twice.
 */
export function commonWords(): TFunction<'common'> {
  const app = getI18n();
  if (app?.isInitialized) return app.getFixedT(null, 'common');
  englishOnly ??= createTranslator({ language: 'en', resources: { en: english }, namespaces, defaultNamespace: 'common' });
  return englishOnly.getFixedT('en', 'common');
}
