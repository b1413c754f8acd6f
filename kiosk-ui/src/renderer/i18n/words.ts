import type { BrandingLanguage } from '@studio/shared/kiosk';
import { en, type Catalog, type MessageKey } from './en.js';
import { es } from './es.js';

export const catalogs: Record<BrandingLanguage, Catalog> = { en, es };

/** The Intl locale of each language: dates and weekdays in the kiosk's words, times on the 24-hour clock. */
const locales: Record<BrandingLanguage, string> = { en: 'en-GB', es: 'es-ES' };

export type Values = Record<string, string | number>;

/** One language's words: `t(key, values)` fills `{name}` marks; the catalog is the only source of shown text. */
export interface Words {
  language: BrandingLanguage;
  locale: string;
  t(key: MessageKey, values?: Values): string;
}

export function wordsFor(language: BrandingLanguage): Words {
  const catalog = catalogs[language] ?? en;
  return {
    language,
    locale: locales[language] ?? locales.en,
    t: (key, values = {}) => fill(catalog[key] ?? en[key], values),
  };
}

function fill(template: string, values: Values): string {
  return template.replace(/\{(\w+)\}/g, (mark, name: string) => (Object.hasOwn(values, name) ? String(values[name]) : mark));
}
