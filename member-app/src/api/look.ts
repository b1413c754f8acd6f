/**
 * How the app looks at its location: the location's accent colour (with a text colour that reads
 * on it, as the kiosk picks), its logo in the bar, its colour as the phone's theme, and its own
 * manifest, so the app installed from this address opens at this studio under its name.
 */
import { contrastRatio, inkText, readableContrast, textOnAccent } from '@studio/shared/accent';
import { memberAuthContracts as contracts } from '@studio/shared/contracts/member-auth';
import type { ContractResult } from '@studio/shared/contracts/contract';
import { call } from './call.ts';

export type AppLocation = ContractResult<typeof contracts.memberAppLocation>;

/** The location's look, by its slug from the address; null when the server does not know it or cannot be reached (the house look stays). */
export async function fetchLook(slug: string): Promise<AppLocation | null> {
  try {
    return await call(contracts.memberAppLocation, { query: { location: slug } });
  } catch {
    return null;
  }
}

export function applyLook(location: AppLocation): void {
  const root = document.documentElement.style;
  root.setProperty('--accent', location.accent_colour);
  root.setProperty('--on-accent', textOnAccent(location.accent_colour));
  // Words in the accent on white (a secondary button, a tag): the accent where it reads there, else the ink.
  root.setProperty('--accent-ink', contrastRatio(location.accent_colour, '#ffffff') >= readableContrast ? location.accent_colour : inkText);
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', location.accent_colour);
  document.querySelector('link[rel="manifest"]')?.setAttribute('href', `/m/api/manifest?location=${encodeURIComponent(location.slug)}`);
}
