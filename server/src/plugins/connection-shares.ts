import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { clientOf } from '../domain/client-address.js';

/** A TLS socket's transport, as Node keeps it: the socket the `connection` event saw. */
function transportOf(socket: Socket): Socket {
  return (socket as Socket & { _parent?: Socket })._parent ?? socket;
}

/** One client's open connections, oldest first. */
type Held = Set<Socket>;

/**
 * A fair connection budget (issue 30, N10: one address was capped at a quarter of the connections,
 * yet four addresses filled them all and a fifth was refused). No address holds more than
 * `perAddress`; and once all `maxConnections` are open, a newcomer is still served: one connection
 * of the address holding the most is closed for it, so long as that address holds at least two
 * more than the newcomer. The shares so even out as addresses arrive (each address's share shrinks
 * to about `maxConnections` over their number), and any new address gets a connection while there
 * are fewer addresses than connections. The closed connection is an idle one (no request in
 * flight: a socket held open without a request, or between keep-alive requests) when the address
 * has one, else its oldest. A connection refused is closed at once, before a byte is read.
 */
export function shareConnections(server: Server, budget: { maxConnections: number; perAddress: number }): void {
  const open = new Map<string, Held>();
  const busy = new Set<Socket>();
  let total = 0;

  const release = (client: string, socket: Socket): void => {
    const held = open.get(client);
    if (!held?.delete(socket)) return;
    total--;
    if (held.size === 0) open.delete(client);
  };
  const largest = (): [string, Held] | undefined => {
    let found: [string, Held] | undefined;
    for (const entry of open) if (!found || entry[1].size > found[1].size) found = entry;
    return found;
  };
  const evictFrom = (client: string, held: Held): void => {
    let victim: Socket | undefined;
    for (const socket of held) {
      if (!busy.has(socket)) {
        victim = socket;
        break;
      }
    }
    victim ??= held.values().next().value!;
    release(client, victim);
    victim.destroy();
  };

  server.on('connection', (socket: Socket) => {
    const client = clientOf(socket.remoteAddress);
    const own = open.get(client)?.size ?? 0;
    if (own >= budget.perAddress) {
      socket.destroy();
      return;
    }
    if (total >= budget.maxConnections) {
      const [richest, held] = largest()!;
      if (held.size < own + 2) {
        socket.destroy();
        return;
      }
      evictFrom(richest, held);
    }
    let held = open.get(client);
    if (!held) open.set(client, (held = new Set()));
    held.add(socket);
    total++;
    socket.once('close', () => {
      release(client, socket);
      busy.delete(socket);
    });
  });
  // A request in flight marks its connection busy until its answer is written or abandoned.
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const socket = transportOf(request.socket);
    busy.add(socket);
    response.once('close', () => busy.delete(socket));
  });
}
