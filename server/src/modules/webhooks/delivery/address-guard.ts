import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { networkInterfaces } from 'node:os';
import ipaddr from 'ipaddr.js';

/**
 * Where a webhook may be sent. A webhook URL is user input, so the server must not become a way to
 * reach what only the box itself can: its own services on loopback, the link-local range (cloud
 * metadata at 169.254.169.254 lives there), cloud metadata services elsewhere, and every address
 * of its own network interfaces.
 *
 * Private LAN ranges (10/8, 172.16/12, 192.168/16, IPv6 unique-local fc00::/7) are allowed: a
 * studio's own integration (an accounting PC, a door controller) often lives on the LAN beside the
 * box, and reaching it is the point. Refused unless `allowPrivateTargets`: loopback (127/8, ::1),
 * link-local (169.254/16, fe80::/10), unspecified (0.0.0.0, ::), multicast and broadcast, the shared
 * address space 100.64/10 (carrier-grade NAT, no LAN's; cloud services live there, Alibaba Cloud's
 * metadata at 100.100.100.200), the cloud metadata addresses in unique-local and reserved space
 * (`metadataRanges`), and the box's own addresses. `allowPrivateTargets`
 * (WEBHOOK_ALLOW_PRIVATE_TARGETS=on) lifts all of these, for a receiver run on the box itself, and
 * for tests.
 *
 * A literal IP host is checked when an endpoint is created or its URL changed (`checkWebhookUrl`,
 * 422 `webhook_url_refused`) and again before every send. A name is checked on every connection,
 * on the addresses DNS answers at that moment (the connect `lookup` of the sending agent), so a
 * name that resolves to a public address when checked and to 127.0.0.1 when used (DNS rebinding)
 * is still refused. Ranges are matched by ipaddr.js, IPv4-mapped IPv6 as the IPv4 address.
 */
export interface WebhookTargetPolicy {
  readonly allowPrivateTargets: boolean;
  /** The box's own addresses; default: those of its network interfaces now. */
  readonly ownAddresses?: () => readonly string[];
}

/** The policy of a server whose environment sets nothing: the guard on. */
export const guardedTargets: WebhookTargetPolicy = { allowPrivateTargets: false };

/** ipaddr.js's names of the ranges refused whole. */
const refusedRanges: Record<string, string> = {
  loopback: 'a loopback address',
  linkLocal: 'a link-local address',
  unspecified: 'the unspecified address',
  multicast: 'a multicast address',
  broadcast: 'the broadcast address',
  carrierGradeNat: 'in the shared address space 100.64/10 (carrier-grade NAT and cloud services, Alibaba Cloud metadata among them)',
};

/**
 * Cloud metadata services outside the ranges refused whole: in unique-local IPv6, which a LAN may
 * use, and in IETF-reserved IPv4. AWS reserves fd00:ec2::/32 for its instance services (metadata at
 * fd00:ec2::254, DNS ::253, time ::123); Google Cloud's IPv6 metadata is fd20:ce::254; Oracle
 * Cloud's fd00:c1::a9fe:a9fe and, on its older platform, 192.0.0.192.
 */
const metadataRanges = ['fd00:ec2::/32', 'fd20:ce::254/128', 'fd00:c1::a9fe:a9fe/128', '192.0.0.192/32'].map((cidr) => ipaddr.parseCIDR(cidr));

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
  if (metadataRanges.some(([network, bits]) => network.kind() === ip.kind() && ip.match(network, bits))) return `${ip.toString()} is a cloud metadata address`;
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
