import type { AddressInfo } from 'node:net';
import { createServer, type TLSSocket } from 'node:tls';

/**
 * A TLS server on 127.0.0.1 that shows the given certificate and never answers: it counts the
 * connections clients opened and records every byte a client wrote once its handshake was done (an
 * HTTP request, its Authorization header included), so a test can show what a client sent, or that
 * it connected and sent nothing.
 */
export async function startRecordingTlsServer(tls: { key: string; cert: string }) {
  let connections = 0;
  const received: Buffer[] = [];
  const sockets = new Set<TLSSocket>();
  const server = createServer({ key: tls.key, cert: tls.cert }, (socket) => {
    sockets.add(socket);
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    socket.on('error', () => {});
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('connection', () => connections++);
  // A client that refuses the certificate may close mid-handshake: that is expected here.
  server.on('tlsClientError', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}/v1`,
    /** TCP connections accepted, handshake done or not. */
    connections: () => connections,
    /** Everything written after a handshake, as text. */
    received: () => Buffer.concat(received).toString('latin1'),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
