import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { clientOf } from '../domain/client-address.js';

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
