import { isIPv4 } from 'node:net';

/**
 * A host that never leaves this machine: `localhost`, 127.0.0.0/8 or ::1, bare or in a URL's
 * brackets (`new URL(...).hostname` gives `[::1]`).
 */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (bare === 'localhost' || bare === '::1') return true;
  return isIPv4(bare) && bare.startsWith('127.');
}
