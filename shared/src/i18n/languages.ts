/**
 * The languages the apps speak (staff web app, kiosk, member app): each has a full catalog of every
 * app's words. A language's name is shown in its own words in every language, as pickers do.
 */
export const languages = ['en', 'es', 'de'] as const;
export type Language = (typeof languages)[number];

export const languageNames: Record<Language, string> = { en: 'English', es: 'Español', de: 'Deutsch' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/** The first of the reader's preferred languages (`navigator.languages`) that the apps speak, else English. */
export function preferredLanguage(preferences: readonly string[]): Language {
  for (const preference of preferences) {
    const base = preference.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return 'en';
}

/**
 * The Intl locale for dates, times and numbers: the language as spoken in the location's country
 * (`de` in Germany is de-DE; English at a studio in Berlin is en-DE, so dates read 07/12/2026 day
 * first and times on the 24-hour clock). A pair Intl does not know falls back to the language alone.
 */
export function localeFor(language: Language, country: string | null | undefined): string {
  if (country && /^[A-Za-z]{2}$/.test(country)) {
    const tag = `${language}-${country.toUpperCase()}`;
    if (Intl.DateTimeFormat.supportedLocalesOf([tag]).length > 0) return tag;
  }
  return language === 'en' ? 'en-GB' : language;
}

/** Countries where most people read German, or Spanish: a new location there speaks that language. */
const countriesByLanguage: Record<Exclude<Language, 'en'>, readonly string[]> = {
  de: ['DE', 'AT', 'CH', 'LI'],
  es: ['ES', 'MX', 'AR', 'CO', 'CL', 'PE', 'VE', 'EC', 'GT', 'CU', 'BO', 'DO', 'HN', 'PY', 'SV', 'NI', 'CR', 'PA', 'UY', 'PR', 'GQ'],
};

/**
 * The language a new location speaks by default (its kiosk's, and its staff's unless they choose
 * their own): German in Germany, Spanish in Spain or Mexico, otherwise English. Staff change it in
 * the location's settings.
 */
export function languageOfCountry(country: string | null | undefined): Language {
  const code = country?.toUpperCase();
  for (const [language, countries] of Object.entries(countriesByLanguage) as [Language, readonly string[]][]) {
    if (code && countries.includes(code)) return language;
  }
  return 'en';
}
