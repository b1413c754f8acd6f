import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { networkInterfaces } from 'node:os';
import ipaddr from 'ipaddr.js';

/**
 * Where a webhook may be sent. A webhook URL is user input, so the server must not become a way to
 * reach what only the box itself can: its own services on loopback, the link-local range (cloud
 * metadata at 169.254.169.254 lives there), and every address of its own network interfaces.
 *
 * Private LAN ranges (10/8, 172.16/12, 192.168/16, IPv6 fc00::/7, 100.64/10) are allowed: a studio's
 * own integration (an accounting PC, a door controller) often lives on the LAN beside the box, and
 * reaching it is the point. Refused unless `allowPrivateTargets`: loopback (127/8, ::1), link-local
 * (169.254/16, fe80::/10), unspecified (0.0.0.0, ::), multicast and broadcast, and the box's own
 * addresses. `allowPrivateTargets` (WEBHOOK_ALLOW_PRIVATE_TARGETS=on) lifts all of these, for a
 * receiver run on the box itself, and for tests.
 *
 * A name is checked on every connection, on the addresses DNS answers at that moment (the connect
 * `lookup` of the sending agent), so a name that resolves to a public address when checked and to
 * 127.0.0.1 when used (DNS rebinding) is still refused. A literal IP is checked before connecting,
 * since Node does not look one up.
 */
export interface WebhookTargetPolicy {
  readonly allowPrivateTargets: boolean;
  /** The box's own addresses; default: those of its network interfaces now. */
  readonly ownAddresses?: () => readonly string[];
}

const refusedRanges: Record<string, string> = {
  loopback: 'a loopback address',
  linkLocal: 'a link-local address',
  unspecified: 'the unspecified address',
  multicast: 'a multicast address',
  broadcast: 'the broadcast address',
};

/** Thrown into the connection when the guard refuses the address a name resolved to. */
export class WebhookTargetRefused extends Error {
  override name = 'WebhookTargetRefused';
  readonly code = 'WEBHOOK_TARGET_REFUSED';
}

function interfaceAddresses(): string[] {
  return Object.values(networkInterfaces()).flatMap((entries) => (entries ?? []).map((entry) => entry.address));
}

function normalized(address: string): string {
  return ipaddr.process(address.replace(/%.*$/, '')).toString();
}

/** Why the guard refuses sending to `address` (an IP), in words; null when it may be sent to. */
export function refusedAddress(address: string, policy: WebhookTargetPolicy): string | null {
  if (policy.allowPrivateTargets) return null;
  if (!ipaddr.isValid(address.replace(/%.*$/, ''))) return `${address} is not an IP address`;
  const ip = ipaddr.process(address.replace(/%.*$/, ''));
  const range = refusedRanges[ip.range()];
  if (range) return `${ip.toString()} is ${range}`;
  const own = (policy.ownAddresses ?? interfaceAddresses)().filter((candidate) => ipaddr.isValid(candidate.replace(/%.*$/, '')));
  if (own.some((candidate) => normalized(candidate) === ip.toString())) return `${ip.toString()} is an address of this server`;
  return null;
}

/**
 * Why a webhook URL may not be used, in words, or null when it may: only http and https, and a host
 * that is a literal IP must pass `refusedAddress`. A name passes here and is checked at every
 * connection (`guardedLookup`). For checking a URL when an endpoint is created or changed.
 */
export function checkWebhookUrl(url: string, policy: WebhookTargetPolicy): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'the URL is not a valid absolute URL';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'only http and https URLs receive webhooks';
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!ipaddr.isValid(host)) return null;
  const refused = refusedAddress(host, policy);
  return refused && `refused by the address guard: ${refused} (WEBHOOK_ALLOW_PRIVATE_TARGETS=on allows it)`;
}

/** A `lookup` for the sending agent's connections that refuses every address the policy refuses. */
export function guardedLookup(policy: WebhookTargetPolicy): LookupFunction {
  return (hostname: string, options: LookupOptions, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      for (const { address } of addresses) {
        const refused = refusedAddress(address, policy);
        if (refused) return callback(new WebhookTargetRefused(`refused by the address guard: ${hostname} resolves to ${refused} (WEBHOOK_ALLOW_PRIVATE_TARGETS=on allows it)`), '', 0);
      }
      if (options.all) return callback(null, addresses);
      const [first] = addresses;
      if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 0);
      callback(null, first.address, first.family);
    });
  };
}
