/**
 * The web app's page that spends a setup link, with the token in the fragment: a browser never
 * sends the part after `#`, so the token reaches no server or proxy log.
 */
export function setupLinkUrl(base: string, token: string): string {
  return `${webAppUrl(base)}setup#${token}`;
}

/** The web app's address below a server's base address (`http://host:port`, with or without a trailing slash). */
export function webAppUrl(base: string): string {
  return `${base.replace(/\/+$/, '')}/app/`;
}
