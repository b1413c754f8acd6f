import { createTranslator, languages, type Language } from '@studio/shared/i18n';
import de from './catalogs/de.json' with { type: 'json' };
import en from './catalogs/en.json' with { type: 'json' };
import es from './catalogs/es.json' with { type: 'json' };

/**
 * Every word of the members' emails, one flat ICU catalog per language (`{name}` a value, plurals
 * by CLDR rules), through the apps' one translator (shared/src/i18n). English is the reference: the
 * others have exactly its keys (the type here and test/messages/catalogs.test.ts check it).
 * Values are not escaped here; render.ts escapes the HTML it builds, the plain text needs none.
 */
export type WordKey = keyof typeof en;
export const catalogs: Record<Language, Record<WordKey, string>> = { en, es, de };

const translator = createTranslator({
  language: 'en',
  resources: Object.fromEntries(languages.map((language) => [language, { messages: catalogs[language] }])),
  namespaces: ['messages'],
  defaultNamespace: 'messages',
});

export type Words = (key: WordKey, values?: Record<string, string | number>) => string;

export function wordsFor(language: Language): Words {
  const t = translator.getFixedT(language, 'messages');
  return (key, values = {}) => t(key, values);
}
