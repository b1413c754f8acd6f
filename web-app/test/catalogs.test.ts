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

/**
 * Messages that read the same in another language on purpose (names of things, units, marks).
 * Listed as `language:namespace:key`.
 */
const sameOnPurpose = new Set<string>([
  // German says Name and Status too; a service's name and length read the same in Spanish.
  'de:classes:roster.name',
  'de:classes:roster.status',
  'de:messages:messages.col.status',
  // A mail server is a Server in German too.
  'de:messages:settings.host',
  'es:classes:placement.service',
  // Units after a number, and product names the industry uses untranslated.
  ...['es', 'de'].flatMap((language) => [`${language}:developers:attempts.milliseconds`, `${language}:developers:attempts.seconds`, `${language}:developers:verify.example`]),
  'de:developers:webhooks.title',
  'es:developers:webhooks.title',
  'de:developers:keys.column.name',
  'de:accounts:staff.column.name',
  // Who acted: an account's name and role, made only of the values it fills; the server, by its process's name.
  ...['es', 'de'].map((language) => `${language}:accounts:actor.account`),
  'de:accounts:actor.system',
  'de:accounts:account.column.browser',
  'de:developers:create_key.name',
  'de:developers:log.column.status',
  'de:developers:mode.live',
  'es:setup:services.minutes',
  'de:setup:name',
  'de:setup:details.name',
  'de:setup:rules.branding.logo',
  'de:setup:plans.limits',
  'de:setup:gift_cards.code',
  'de:setup:gift_cards.status',
  'de:import:import.title',
  'de:import:export.title',
  'es:today:source.with_device',
  'de:today:source.with_device',
  'de:today:heading.check_ins',
  'de:today:list.label',
  'de:today:live',
  'de:today:source.api',
  'de:members:col.name',
  // A device's agent version, the Online state, a kiosk and its offline mode read the same in German; units are units.
  'de:devices:version',
  'de:devices:state.online',
  'de:devices:kiosk_offline',
  'de:devices:kind.kiosk',
  'es:devices:duration.minutes',
  ...['es', 'de'].map((language) => `${language}:devices:component.detail`),
  // Messages made only of the values they fill, German's Status, and a service's length in Spanish.
  ...['es', 'de'].flatMap((language) => [`${language}:appointments:booking.what`, `${language}:appointments:hours.day_problem`, `${language}:appointments:override.line`]),
  'de:appointments:booking.status',
  'es:appointments:new.service_option',
  // The member's page: Plan and Status read the same, a member code is a Code, and options made of their values.
  'es:profile:col.plan',
  'es:profile:sell.plan',
  'de:profile:col.status',
  'de:profile:memberships.code',
  ...['es', 'de'].flatMap((language) => [`${language}:profile:sell.plan_option`, `${language}:profile:sell.held`]),
]);

describe('the web app catalogs', () => {
  it('have the same namespaces and keys in every language as in English', () => {
    const english = namespacesOf('en');
    expect(english.length).toBeGreaterThan(0);
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

describe('the web app sources', () => {
  it('take every word they show from the catalogs', () => {
    const sources = appSources();
    expect(sources.length).toBeGreaterThan(50);
    const hardCoded = sources.flatMap((path) => shownLiterals(path));
    expect(hardCoded).toEqual([]);
  });

  it('would notice a hard-coded word', () => {
    const probe = join(sourceDir, 'router.tsx');
    expect(shownLiterals(probe, 'export const x = <p>Hello there</p>;')).toEqual(['router.tsx: "Hello there"']);
    expect(shownLiterals(probe, 'export const x = <Button aria-label="Close the dialog" />;')).toHaveLength(1);
    expect(shownLiterals(probe, 'export const x = <Button variant="subtle">{t(\'loading\')}</Button>;')).toEqual([]);
    // Machinery that reads like words: a page split off by path, an error class's name.
    expect(shownLiterals(probe, "export const x = () => import('./pages/Devices.tsx');")).toEqual([]);
    expect(shownLiterals(probe, "class E extends Error { constructor() { super(''); this.name = 'ApiRequestError'; } }")).toEqual([]);
  });
});
