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
