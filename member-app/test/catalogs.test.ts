import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { languages, messageArguments } from '@studio/shared/i18n';
import { describe, expect, it } from 'vitest';
import { appSources, shownLiterals, sourceDir } from './shown-words.ts';

const catalogDir = join(sourceDir, 'i18n/catalogs');
const readCatalog = (language: string, namespace: string): Record<string, string> => JSON.parse(readFileSync(join(catalogDir, language, `${namespace}.json`), 'utf8'));
const namespacesOf = (language: string) =>
  readdirSync(join(catalogDir, language))
    .map((file) => file.replace(/\.json$/, ''))
    .sort();

/** Messages that read the same in another language on purpose, as `language:namespace:key`: German says Studio and Pass too. */
const sameOnPurpose = new Set<string>(['de:common:app.title', 'de:common:nav.pass']);

describe("the members' app catalogs", () => {
  it('have the same namespaces and keys in every language as in English', () => {
    const english = namespacesOf('en');
    expect(english).toEqual(['account', 'appointments', 'calendar', 'classes', 'common', 'home', 'membership', 'pass', 'sign-in']);
    for (const language of languages) {
      expect(namespacesOf(language), language).toEqual(english);
      for (const namespace of english) expect(Object.keys(readCatalog(language, namespace)).sort(), `${language}/${namespace}`).toEqual(Object.keys(readCatalog('en', namespace)).sort());
    }
  });

  it('hold valid ICU messages that fill the same values as English, and translate every word', () => {
    for (const namespace of namespacesOf('en')) {
      const english = readCatalog('en', namespace);
      for (const language of languages) {
        for (const [key, message] of Object.entries(readCatalog(language, namespace))) {
          const where = `${language}:${namespace}:${key}`;
          expect(message.trim().length, where).toBeGreaterThan(0);
          expect(messageArguments(message), where).toEqual(messageArguments(english[key]!));
          if (language !== 'en' && !sameOnPurpose.has(where) && /\p{L}{3,}/u.test(message)) expect(message, where).not.toBe(english[key]);
        }
      }
    }
  });
});

describe("the members' app sources", () => {
  it('take every word they show from the catalogs', () => {
    const sources = appSources();
    expect(sources.length).toBeGreaterThan(8);
    expect(sources.flatMap((path) => shownLiterals(path))).toEqual([]);
  });

  it('would notice a hard-coded word', () => {
    const probe = join(sourceDir, 'App.tsx');
    expect(shownLiterals(probe, 'export const x = <p>Hello there</p>;')).toEqual(['App.tsx: "Hello there"']);
    expect(shownLiterals(probe, 'export const x = <button aria-label="End the session" />;')).toHaveLength(1);
    expect(shownLiterals(probe, "export const x = <button>{t('end')}</button>;")).toEqual([]);
  });
});
