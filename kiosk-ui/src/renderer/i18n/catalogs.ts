import type { Language } from '@studio/shared/i18n';
import de from './catalogs/de.json' with { type: 'json' };
import en from './catalogs/en.json' with { type: 'json' };
import es from './catalogs/es.json' with { type: 'json' };

/**
 * Every word the kiosk shows, one flat catalog per language in ICU MessageFormat (`{name}` marks a
 * value, `{count, plural, …}` a count). English is the reference: the others have exactly its keys
 * (the type here and test/renderer/catalog.test.ts check it). Spanish and German address the member
 * informally (tú, du), as a shared screen at a studio does.
 */
export type MessageKey = keyof typeof en;
export type Catalog = Record<MessageKey, string>;

export const catalogs: Record<Language, Catalog> = { en, es, de };
export { de, en, es };
