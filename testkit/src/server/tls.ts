import { buildApp } from '@studio/server/src/app.js';
import { loadServerTls, type ServerTls } from '@studio/server/src/tls/server-tls.js';
import type { Fixture } from './fixture.js';

/**
 * A self-signed server certificate made in `dir` by the server's own code (TLS=self-signed), naming
 * loopback only; its `fingerprint` is what an agent pins.
 */
export async function testCertificate(dir: string): Promise<ServerTls> {
  const tls = await loadServerTls({ kind: 'self-signed', dir }, { names: () => ({ dns: ['localhost'], ips: ['127.0.0.1'] }) });
  return tls!;
}

/** The fixture's API served over HTTPS with `tls` on a loopback port, beside its plain app, on the same database. */
export async function listenHttps(f: Fixture, tls: ServerTls): Promise<{ url: string; close(): Promise<void> }> {
  const app = await buildApp({ db: f.db, tls });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { url: `${address}/v1`, close: () => app.close() };
}
