import { createTranslator, languages, localeFor, type Language } from '@studio/shared/i18n';
import { catalogs, type MessageKey } from './catalogs.js';

export type Values = Record<string, string | number>;

/** One language's words: `t(key, values)` fills the message's values; the catalog is the only source of shown text. */
export interface Words {
  language: Language;
  locale: string;
  t(key: MessageKey, values?: Values): string;
}

/** The kiosk's translator, with every language's catalog bundled (they are small). */
const translator = createTranslator({
  language: 'en',
  resources: Object.fromEntries(languages.map((language) => [language, { kiosk: catalogs[language] }])),
  namespaces: ['kiosk'],
  defaultNamespace: 'kiosk',
});

export function wordsFor(language: Language): Words {
  const known = catalogs[language] ? language : 'en';
  const t = translator.getFixedT(known, 'kiosk');
  return {
    language: known,
    locale: localeFor(known, null),
    t: (key, values = {}) => t(key, values),
  };
}
