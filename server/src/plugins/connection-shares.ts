import type { Server } from 'node:http';
import { isIPv6, type Socket } from 'node:net';

/** The eight 16-bit groups of an IPv6 address, `::` expanded. */
function ipv6Groups(address: string): string[] {
  const [head, tail] = address.split('::') as [string, string | undefined];
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right];
}

/**
 * Whose connection this is, for sharing the connection cap. An IPv4 address (also when mapped into
 * IPv6) is one client; an IPv6 client is given a whole /64 by its network, so its /64 is one client.
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

/**
 * Caps the connections one client address may hold open (issue: about 1,024 connections held by
 * one client locked every other one out of the global `maxConnections`). A connection over the
 * share is closed at once, before a byte is read, as Node does over the global cap; the other
 * addresses are served meanwhile.
 */
export function shareConnections(server: Server, perAddress: number): void {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const client = clientOf(socket.remoteAddress);
    const count = (open.get(client) ?? 0) + 1;
    if (count > perAddress) {
      socket.destroy();
      return;
    }
    open.set(client, count);
    socket.once('close', () => {
      const left = (open.get(client) ?? 1) - 1;
      if (left <= 0) open.delete(client);
      else open.set(client, left);
    });
  });
}
