import { logDestination } from '@studio/shared/logging';
import { pino, type DestinationStream, type Logger } from 'pino';
import { buildApp } from './app.js';
import { startScheduledBackups } from './backup/schedule-from-config.js';
import { apiBaseUrl, type Config } from './config.js';
import { openDatabase } from './db/dialects/open.js';
import type { Db } from './db/types.js';
import { ReminderScheduler } from './modules/messages/reminder-scheduler.js';
import { MessageSender } from './modules/messages/sender.js';
import { WebhookDeliveryWorker } from './modules/webhooks/delivery/worker.js';
import { loadServerTls, type ServerTls } from './tls/server-tls.js';

/**
 * The server's logger. Without a `destination` the environment chooses (`LOG_FORMAT`, `LOG_FILE`):
 * short human lines on a terminal, JSON lines to journald or a pipe or the file; a test passes its
 * own destination to read every line.
 */
export function createLogger(level: Config['logLevel'], destination: DestinationStream | undefined = logDestination()): Logger {
  const options = {
    level,
    name: 'studio-server',
    // Belt and braces: nothing logs these today, and nothing ever should.
    redact: { paths: ['req.headers.authorization', 'authorization', 'key', 'apiKey', '*.key', '*.apiKey'], censor: '[redacted]' },
  };
  return destination ? pino(options, destination) : pino(options);
}

/**
 * Opens the database, runs `prepare` on it (the one-box demo seed), serves the API, and shuts down
 * cleanly on SIGTERM/SIGINT.
 */
export async function startServer(config: Config, log: Logger = createLogger(config.logLevel), prepare?: (db: Db) => Promise<void>) {
  // Before the database: a certificate that cannot be used stops the start with nothing opened.
  const tls = await loadServerTls(config.tls);
  if (tls) logTls(tls, log);
  const db = await openDatabase(config.databaseUrl, log);
  await prepare?.(db);
  const app = await buildApp({ db, logger: log, limits: config.limits, allowedHosts: config.allowedHosts, webhookTargets: config.webhooks, smtp: config.messages.smtp, ...(tls && { tls }) });
  await app.listen({ port: config.port, host: config.host });
  log.info({ event: 'api.listening', url: apiBaseUrl(config) }, 'API listening');
  const backups = startScheduledBackups(config.databaseUrl, config.backups, log);
  const webhooks = new WebhookDeliveryWorker({
    db,
    log,
    sender: config.webhooks,
    concurrency: config.webhooks.concurrency,
    claimMs: config.webhooks.claimMs,
    firstRetryMs: config.webhooks.firstRetryMs,
  });
  webhooks.start();
  const messages = new MessageSender({ db, log, smtp: config.messages.smtp, publicUrl: config.messages.publicUrl });
  messages.start();
  const reminders = new ReminderScheduler({ db, log });
  reminders.start();
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ event: 'api.stopping', signal }, 'shutting down: finishing requests in flight');
    // close() stops accepting and lets requests in flight finish. Node closes the connections idle
    // at that moment; a keep-alive connection whose request finishes later is closed as it goes
    // idle, and whatever still runs after the shutdown timeout is cut off.
    const idle = setInterval(() => app.server.closeIdleConnections(), 50);
    const deadline = setTimeout(() => {
      log.warn({ timeout_ms: config.limits.shutdownTimeoutMs }, 'shutdown timeout: closing the connections still open');
      app.server.closeAllConnections();
    }, config.limits.shutdownTimeoutMs);
    try {
      await app.close();
    } finally {
      clearInterval(idle);
      clearTimeout(deadline);
    }
    await backups.stop();
    // Sends in flight get a few seconds; one cut off stays pending and goes again after its claim.
    await Promise.all([webhooks.stop(), reminders.stop(), messages.stop()]);
    await db.close();
    log.info({ event: 'api.stopped' }, 'stopped');
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  return { app, db, shutdown, address: app.server.address(), tls, webhooks, messages };
}

/** The fingerprint is public (any client sees the certificate) and is what an agent's config needs. */
function logTls(tls: ServerTls, log: Logger): void {
  if (tls.made) log.info({ certificate: tls.certFile, valid_to: tls.validTo.toISOString() }, 'made a self-signed TLS certificate');
  log.info({ tls_fingerprint: tls.fingerprint, certificate: tls.certFile }, `serving HTTPS; an agent pins this certificate with "tls_fingerprint": "${tls.fingerprint}" in its server settings`);
}
