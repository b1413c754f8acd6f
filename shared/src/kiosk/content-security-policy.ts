/**
 * The kiosk renderer's Content-Security-Policy, one text for both hosts: the agent sends it as a
 * header with every renderer file it serves, and the Electron shell sets it on every response its
 * window loads. Here rather than in kiosk-ui so that the agent needs nothing of kiosk-ui but its
 * built files. Nothing inline, nothing from elsewhere: the renderer is its own bundle and talks
 * only to where it came from (the agent) or over IPC (Electron).
 */
export const contentSecurityPolicy = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "object-src 'none'",
].join('; ');
