import { isIP } from 'node:net';
import { ApiError } from '@studio/shared';

/**
 * The Host a request names must be `localhost` or an IP address. A DNS-rebinding page (its name
 * pointed at 127.0.0.1 after it loaded) sends its own name as Host, so it gets no health report,
 * metrics or event stream with first names and reasons; a browser sends an IP-literal Host only to
 * a page that was itself loaded from that IP, which the same-origin policy already keeps apart.
 * A scraper on the LAN names the box by its address (`http://10.0.0.5:8787/metrics`). The kiosk's
 * routes are stricter still: loopback only, below.
 */
export function requireLocalHost(host: string | undefined): void {
  const name = hostNameOf(host);
  const address = name?.replace(/^\[(.*)\]$/, '$1') ?? '';
  if (name === 'localhost' || isIP(address) !== 0) return;
  throw new ApiError('invalid_param', 'The agent answers requests naming localhost or an IP address only; use http://127.0.0.1 or the box’s IP.', { param: 'Host' });
}

const loopbackNames = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * The Host a request names must be loopback: a web page elsewhere cannot reach the kiosk's API through
 * DNS rebinding (its requests would name the attacker's host). The API has no key: the box is the boundary.
 */
export function requireLoopbackHost(host: string | undefined): void {
  const name = hostNameOf(host);
  if (name === null || !loopbackNames.has(name)) throw new ApiError('invalid_param', 'The kiosk answers requests to a loopback address only.', { param: 'Host' });
}

/** The name a Host header holds, without its port; null when there is none or it is not a host. */
function hostNameOf(host: string | undefined): string | null {
  try {
    return host ? new URL(`http://${host}`).hostname : null;
  } catch {
    return null;
  }
}
