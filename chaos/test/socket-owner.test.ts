import { connect, createServer, type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ownersOfLocalPorts } from '../server/socket-owner.js';

describe('ownersOfLocalPorts', () => {
  it('names the process holding a connection by its local port, and leaves out ports no listed process holds', async () => {
    const server = createServer((socket) => socket.on('error', () => undefined));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const client = connect((server.address() as AddressInfo).port, '127.0.0.1');
    await new Promise<void>((resolve) => client.once('connect', resolve));
    try {
      const port = client.localPort!;
      expect(ownersOfLocalPorts([port], [process.pid])).toEqual(new Map([[port, process.pid]]));
      // pid 1 is not this test's process: the same port is not its.
      expect(ownersOfLocalPorts([port], [1]).size).toBe(0);
    } finally {
      client.destroy();
      server.close();
    }
  });
});
