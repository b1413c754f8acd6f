import { isIPv6 } from 'node:net';

/** The eight 16-bit groups of an IPv6 address, `::` expanded. */
function ipv6Groups(address: string): string[] {
  const [head, tail] = address.split('::') as [string, string | undefined];
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right];
}

/**
 * Who a request comes from, for what is counted per client (the connection cap, the anonymous
 * rate limit, the sign-in delays). An IPv4 address (also when mapped into IPv6) is one client; an
 * IPv6 client is given a whole /64 by its network, so its /64 is one client.
 */
export function clientOf(address: string | undefined): string {
  if (!address) return '';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!isIPv6(address)) return address;
  return `${ipv6Groups(address.split('%')[0]!)
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}
