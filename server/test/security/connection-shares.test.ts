import { connect, type Socket } from 'node:net';
import { startFixture, type Fixture } from '@studio/testkit/server/fixture';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { defaultLimits, loadConfig } from '../../src/config.js';
import { clientOf } from '../../src/domain/client-address.js';

interface Held {
  socket: Socket;
  received: () => string;
  closed: Promise<void>;
}

/** A raw connection from `localAddress` (127.0.0.1 and 127.0.0.2 are both loopback on Linux). */
function connectFrom(localAddress: string, port: number): Promise<Held> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress });
    let data = '';
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (data += chunk));
    socket.on('error', () => {});
    socket.once('connect', () => resolve({ socket, received: () => data, closed }));
    socket.once('error', reject);
  });
}

/** One GET /v1/ping over a fresh connection from `localAddress`; the status, or 'closed' when the server dropped it. */
async function pingFrom(localAddress: string, port: number, key: string): Promise<number | 'closed'> {
  const connection = await connectFrom(localAddress, port);
  connection.socket.write(`GET /v1/ping HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nConnection: close\r\n\r\n`);
  await Promise.race([connection.closed, new Promise((done) => setTimeout(done, 3000))]);
  connection.socket.destroy();
  const status = /^HTTP\/1\.1 (\d{3})/.exec(connection.received());
  return status ? Number(status[1]) : 'closed';
}

describe('connection shares: one client address cannot hold every connection', () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await startFixture('sqlite');
  });
  afterAll(() => f.close());

  it('defaults each address to a quarter of MAX_CONNECTIONS, and reads MAX_CONNECTIONS_PER_ADDRESS', () => {
    expect(defaultLimits.maxConnectionsPerAddress).toBe(256);
    expect(loadConfig({ MAX_CONNECTIONS: '100' }).limits.maxConnectionsPerAddress).toBe(25);
    expect(loadConfig({ MAX_CONNECTIONS: '2' }).limits.maxConnectionsPerAddress).toBe(1);
    expect(loadConfig({ MAX_CONNECTIONS: '100', MAX_CONNECTIONS_PER_ADDRESS: '100' }).limits.maxConnectionsPerAddress).toBe(100);
    expect(() => loadConfig({ MAX_CONNECTIONS_PER_ADDRESS: '0' })).toThrow(/MAX_CONNECTIONS_PER_ADDRESS/);
  });

  it('counts an IPv4 address (also IPv6-mapped) as one client, and an IPv6 client by its /64', () => {
    expect(clientOf('127.0.0.2')).toBe('127.0.0.2');
    expect(clientOf('::ffff:127.0.0.2')).toBe('127.0.0.2');
    expect(clientOf('2001:db8:1:2::1')).toBe(clientOf('2001:0db8:0001:0002:ffff:1:2:3'));
    expect(clientOf('2001:db8:1:2::1')).not.toBe(clientOf('2001:db8:1:3::1'));
    expect(clientOf('::1')).toBe('0:0:0:0::/64');
  });

  it('closes the connections one address opens over its share, while another address is still served', async () => {
    const app = await buildApp({ db: f.db, limits: { ...defaultLimits, maxConnections: 6, maxConnectionsPerAddress: 3 } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as { port: number }).port;
    const held: Held[] = [];
    try {
      // The greedy client tries to take every connection the server has, and more.
      for (let i = 0; i < 8; i++) held.push(await connectFrom('127.0.0.2', port));
      // The server closes the extra ones at once; on a busy machine the close may take a moment to arrive.
      for (let waited = 0; waited < 3000 && held.filter((connection) => connection.socket.destroyed).length < 5; waited += 20) {
        await new Promise((done) => setTimeout(done, 20));
      }
      await new Promise((done) => setTimeout(done, 100));
      const open = held.filter((connection) => !connection.socket.destroyed);
      expect(open).toHaveLength(3);
      // Its connections over the share were closed without a byte of answer.
      expect(held.filter((connection) => connection.socket.destroyed).every((connection) => connection.received() === '')).toBe(true);
      // A further connection of its own is closed unanswered while it holds its share.
      expect(await pingFrom('127.0.0.2', port, f.keys.all)).toBe('closed');
      // Another address is served while the greedy one holds its whole share.
      expect(await pingFrom('127.0.0.1', port, f.keys.all)).toBe(200);
      expect(await pingFrom('127.0.0.1', port, f.keys.all)).toBe(200);
      // Once the greedy client lets one go, it may open one again.
      open[0]!.socket.destroy();
      await open[0]!.closed;
      await new Promise((done) => setTimeout(done, 50));
      expect(await pingFrom('127.0.0.2', port, f.keys.all)).toBe(200);
    } finally {
      for (const connection of held) connection.socket.destroy();
      await app.close();
    }
  });

  /** Waits until `done` holds, the server's closes having had time to arrive. */
  async function settle(done: () => boolean): Promise<void> {
    for (let waited = 0; waited < 3000 && !done(); waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  it('serves a fifth address, and every further one, when four addresses hold every connection (N10)', async () => {
    // The shape, scaled down: a quarter each, and four addresses take them all.
    const app = await buildApp({ db: f.db, limits: { ...defaultLimits, maxConnections: 8, maxConnectionsPerAddress: 2 } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as { port: number }).port;
    const greedy: Held[] = [];
    const newcomers: Held[] = [];
    try {
      for (const address of ['127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5']) for (let i = 0; i < 2; i++) greedy.push(await connectFrom(address, port));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(greedy.filter((connection) => !connection.socket.destroyed)).toHaveLength(8);
      // A fifth address is served, and so is each further one, each holding its connection open meanwhile.
      for (const address of ['127.0.0.6', '127.0.0.7', '127.0.0.8', '127.0.0.9']) {
        expect(await pingFrom(address, port, f.keys.all), address).toBe(200);
        newcomers.push(await connectFrom(address, port));
      }
      await settle(() => greedy.filter((connection) => connection.socket.destroyed).length >= 4);
      // Room was made by closing one connection of each greedy address, never a newcomer's.
      expect(newcomers.every((connection) => !connection.socket.destroyed)).toBe(true);
      expect(greedy.filter((connection) => !connection.socket.destroyed)).toHaveLength(4);
      // Now every address holds one: a second connection of a greedy address finds no one holding more, so it is refused.
      expect(await pingFrom('127.0.0.2', port, f.keys.all)).toBe('closed');
      expect(newcomers.every((connection) => !connection.socket.destroyed)).toBe(true);
    } finally {
      for (const connection of [...greedy, ...newcomers]) connection.socket.destroy();
      await app.close();
    }
  });

  it('makes room from an idle connection of the largest holder, never from its request in flight', async () => {
    const app = await buildApp({ db: f.db, limits: { ...defaultLimits, maxConnections: 3, maxConnectionsPerAddress: 3 } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as { port: number }).port;
    const held: Held[] = [];
    try {
      // The oldest connection has a request in flight: its body is still on the way.
      const busy = await connectFrom('127.0.0.2', port);
      held.push(busy);
      busy.socket.write(`POST /v1/contacts HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${f.keys.all}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      for (let i = 0; i < 2; i++) held.push(await connectFrom('127.0.0.2', port));
      expect(await pingFrom('127.0.0.3', port, f.keys.all)).toBe(200);
      await settle(() => held.some((connection) => connection.socket.destroyed));
      expect(busy.socket.destroyed).toBe(false);
      expect(held.filter((connection) => connection.socket.destroyed)).toHaveLength(1);
    } finally {
      for (const connection of held) connection.socket.destroy();
      await app.close();
    }
  });
});
