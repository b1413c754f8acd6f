import { createTranslator, isLanguage, type Language } from '@studio/shared/i18n';
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

/** The first of the phone's languages (`navigator.languages`) the app speaks; null when it speaks none of them. */
export function phoneLanguage(preferences: readonly string[]): Language | null {
  for (const preference of preferences) {
    const base = preference.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return null;
}

/** The members' app's translator, in the phone's language (English until a session names the location's, for a phone speaking none of ours). */
export async function startTranslations(): Promise<i18n> {
  const instance = createTranslator({ language: 'en', resources: { en: english }, namespaces, defaultNamespace: 'common', plugins: [initReactI18next] });
  await switchLanguage(instance, phoneLanguage(navigator.languages) ?? 'en');
  return instance;
}

/** Switches the whole app to a language once its catalogs are loaded (no screen shows half-translated). */
export async function switchLanguage(instance: i18n, language: string | null | undefined): Promise<void> {
  if (!isLanguage(language)) return;
  await loadLanguage(instance, language);
  if (instance.language !== language) await instance.changeLanguage(language);
  document.documentElement.lang = language;
}
