import { contentSecurityPolicy } from '@studio/shared/kiosk-renderer';
import type { Logger } from 'pino';
import type { SessionSlice, WebContentsSlice } from './electron-api.js';
import { isRendererUrl } from './origin.js';

/**
 * Applied to every web contents the app creates: no new windows, no navigation away from the
 * renderer's origin, no <webview>. A kiosk has one page; anything else is a bug or an attack.
 */
export function hardenWebContents(contents: WebContentsSlice, logger: Logger): void {
  contents.setWindowOpenHandler(({ url }) => {
    logger.warn({ url: safeUrl(url) }, 'denied a new window');
    return { action: 'deny' };
  });
  for (const event of ['will-navigate', 'will-redirect'] as const) {
    contents.on(event, (navigation) => {
      if (isRendererUrl(navigation.url)) return;
      navigation.preventDefault();
      logger.warn({ url: safeUrl(navigation.url), event }, 'denied a navigation away from the kiosk');
    });
  }
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

/**
 * The session: every permission (camera, notifications, HID, serial, ...) denied, asked or checked,
 * and the CSP set on every response, whatever served it.
 */
export function hardenSession(session: SessionSlice, logger: Logger): void {
  session.setPermissionRequestHandler((_contents, permission, callback) => {
    logger.warn({ permission }, 'denied a permission request');
    callback(false);
  });
  session.setPermissionCheckHandler(() => false);
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: withContentSecurityPolicy(details.responseHeaders ?? {}) });
  });
}

/** The headers with any CSP the response had replaced by ours (header names are case-insensitive). */
export function withContentSecurityPolicy(headers: Record<string, string[]>): Record<string, string[]> {
  const kept = Object.entries(headers).filter(([name]) => name.toLowerCase() !== 'content-security-policy');
  return { ...Object.fromEntries(kept), 'Content-Security-Policy': [contentSecurityPolicy] };
}

/** A URL for the log without its query or fragment, which could carry anything. */
function safeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
  } catch {
    return '(unparseable)';
  }
}
