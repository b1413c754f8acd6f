/**
 * Which location the app is for, before anyone has signed in (the code is asked for at one
 * location): `/m/?location=<slug>` (the link a studio gives out, or its QR code at the desk),
 * remembered on the phone so the installed app opens at the same studio. Once signed in, the
 * session's own location is the app's.
 */
const key = 'studio-member-location';

export function appLocation(url: URL = new URL(window.location.href)): string | null {
  const named = url.searchParams.get('location')?.trim();
  if (named) {
    rememberLocation(named);
    return named;
  }
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function rememberLocation(slug: string): void {
  try {
    window.localStorage.setItem(key, slug);
  } catch {
    // Private mode without storage: the address still names it on this visit.
  }
}

/** A slug the server does not know: asked for again rather than kept. */
export function forgetLocation(): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing was kept.
  }
}
