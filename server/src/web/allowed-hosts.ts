import { isIP } from 'node:net';
import { hostname } from 'node:os';
import { ApiError } from '@studio/shared';
import type { FastifyRequest } from 'fastify';

/** A Host header: a bracketed IPv6 address or a name (or IPv4 address), then an optional port. */
const hostHeader = /^(?:\[([0-9a-f:.]+)\]|([^:[\]@/\s]+))(?::\d{1,5})?$/i;

/** The name a Host header (or an allowed-hosts entry) names: lower case, without port, brackets or a final dot; null when it names none. */
export function hostNameOf(host: string | undefined): string | null {
  const match = host === undefined ? null : hostHeader.exec(host.trim());
  if (!match) return null;
  const name = (match[1] ?? match[2]!).toLowerCase().replace(/\.$/, '');
  return name === '' ? null : name;
}

/**
 * The host names the staff web app answers under (issue 30, N15). A page of another site can make
 * a staff member's browser talk to this server by pointing a name of its own at the box's address
 * (DNS rebinding): its requests then name the attacker's host, and their Origin matches that host,
 * so the same-origin check alone let sign-in guesses and setup tries through. Allowed are:
 *
 * - any IP address: rebinding needs a name, and a page served from an address is that address's
 *   own origin, so every address of the box (its LAN address, a container's published one, one
 *   changed by DHCP) works without being listed;
 * - `localhost`, this machine's host name and that name under `.local` (mDNS);
 * - the names the server is told to answer under (`ALLOWED_HOSTS`), e.g. `studio.example.com`.
 *
 * Any other name is refused before the request reaches a route.
 */
export function allowedHosts(configured: readonly string[], machine: string = hostname()): (name: string) => boolean {
  const names = new Set(['localhost']);
  const own = hostNameOf(machine);
  if (own) names.add(own).add(`${own}.local`);
  for (const entry of configured) {
    const name = hostNameOf(entry);
    if (name) names.add(name);
  }
  return (name) => isIP(name) !== 0 || names.has(name);
}

/** Whether a request's path is a browser app's: the staff web app's (/app) or the members' (/m), pages and endpoints. */
export function isWebAppPath(url: string): boolean {
  return /^\/(?:app|m)(?:[/?#]|$)/.test(url);
}

/**
 * Refuses a web app request whose Host is not allowed (421 `host_not_allowed`), saying which
 * setting would allow it; the name itself is not repeated (docs/architecture.md §2.9).
 */
export function checkHost(request: FastifyRequest, allows: (name: string) => boolean): void {
  const name = hostNameOf(request.headers.host);
  if (name !== null && allows(name)) return;
  throw new ApiError(
    'host_not_allowed',
    "The web app does not answer under this host name. If this is the server's own name, add it to ALLOWED_HOSTS in the server's environment (comma-separated) and restart; localhost, the machine's name and IP addresses always work.",
  );
}
