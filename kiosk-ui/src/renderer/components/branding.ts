import type { LocationBranding } from '@studio/shared/kiosk';
import { textOnAccent } from '@studio/shared/accent';
import type { Words } from '../i18n/words.js';

/**
 * The location's look on the whole page: the accent and the text colour computed for it as CSS
 * variables (set through the CSSOM, which the CSP's `style-src 'self'` allows), the page language
 * for screen readers and hyphenation, and the window title.
 */
export function applyBranding(branding: LocationBranding, words: Words): void {
  const root = document.documentElement;
  root.style.setProperty('--accent', branding.accent_colour);
  root.style.setProperty('--on-accent', textOnAccent(branding.accent_colour));
  root.lang = words.language;
  document.title = words.t('page.title');
}
