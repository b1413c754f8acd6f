import { createInstance, type i18n, type Module, type Resource } from 'i18next';
import ICU from 'i18next-icu';
import { languages, type Language } from './languages.ts';

export interface TranslatorOptions {
  language: Language;
  /** Catalogs already at hand, by language then namespace (English at least: it is the fallback). */
  resources: Resource;
  namespaces: readonly string[];
  defaultNamespace: string;
  /** Framework bindings, such as react-i18next's `initReactI18next`. */
  plugins?: Module[];
}

/**
 * One translation setup for every app: i18next with ICU MessageFormat, so plurals, selects and
 * numbers follow each language's CLDR rules (`{count, plural, one {# spot left} other {# spots left}}`).
 * A missing word falls back to English; values are never HTML-escaped here, since the frameworks
 * (React, the kiosk's DOM builder) set text, not markup. Other languages' catalogs can be added later
 * with `addResourceBundle` before `changeLanguage`.
 */
export function createTranslator(options: TranslatorOptions): i18n {
  const instance = createInstance();
  instance.use(ICU);
  for (const plugin of options.plugins ?? []) instance.use(plugin);
  // Synchronous: the catalogs given are at hand, so the translator is ready when this returns.
  void instance.init({
    initAsync: false,
    lng: options.language,
    fallbackLng: 'en',
    supportedLngs: [...languages],
    ns: [...options.namespaces],
    defaultNS: options.defaultNamespace,
    resources: options.resources,
    partialBundledLanguages: true,
    // Catalogs are flat: a key such as `timetable.title` is one message, never a path into nested objects.
    keySeparator: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}
