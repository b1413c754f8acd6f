import type { Command } from 'commander';
import { action, CliError, printJson } from '../support/run.js';

/** `studio tls fingerprint` (docs/https.md): what an installer writes into an agent's config. */
export function registerTlsCommands(program: Command): void {
  const tls = program.command('tls').description('The HTTPS certificate of `studio serve` (TLS, TLS_CERT, TLS_KEY, TLS_DIR).');
  tls
    .command('fingerprint')
    .description("Print the SHA-256 fingerprint of the certificate the server serves, for an agent's server.tls_fingerprint; with TLS=self-signed, makes the certificate if the server has not yet.")
    .action(
      action(async () => {
        // Loaded here, not at the top: every other command starts without the TLS code.
        const { loadConfig } = await import('../../config.js');
        const { loadServerTls } = await import('../../tls/server-tls.js');
        const served = await loadServerTls(loadConfig().tls);
        if (!served) throw new CliError('TLS is off: set TLS=self-signed (a certificate made and kept by the server) or TLS_CERT and TLS_KEY, as `studio serve` has them (docs/https.md)');
        printJson({ tls_fingerprint: served.fingerprint, certificate: served.certFile, valid_to: served.validTo.toISOString(), made: served.made });
      }),
    );
}
