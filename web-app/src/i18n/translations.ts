import { createTranslator, isLanguage, preferredLanguage, type Language } from '@studio/shared/i18n';
import type { i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { english, namespaces } from './english.ts';

/** Every catalog file, loaded only when its language is first needed (English is bundled). */
const catalogFiles = import.meta.glob<{ default: Record<string, string> }>(['./catalogs/*/*.json', '!./catalogs/en/*.json']);

async function loadLanguage(instance: i18n, language: Language): Promise<void> {
  if (language === 'en' || instance.hasResourceBundle(language, 'common')) return;
  await Promise.all(
    namespaces.map(async (namespace) => {
      const load = catalogFiles[`./catalogs/${language}/${namespace}.json`];
      if (load) instance.addResourceBundle(language, namespace, (await load()).default, true, true);
    }),
  );
}

/** The staff app's translator, in the browser's language until a session says otherwise. */
export async function startTranslations(): Promise<i18n> {
  const language = preferredLanguage(navigator.languages);
  const instance = createTranslator({
    language: 'en',
    resources: { en: english },
    namespaces,
    defaultNamespace: 'common',
    plugins: [initReactI18next],
  });
  await switchLanguage(instance, language);
  return instance;
}

/** Switches the whole app to a language once its catalogs are loaded (no screen shows half-translated). */
export async function switchLanguage(instance: i18n, language: string | null | undefined): Promise<void> {
  if (!isLanguage(language) || instance.language === language) return;
  await loadLanguage(instance, language);
  await instance.changeLanguage(language);
  document.documentElement.lang = language;
}
