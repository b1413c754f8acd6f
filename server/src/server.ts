import { pino, type Logger } from 'pino';
import { buildApp } from './app.js';
import type { Config } from './config.js';
import { openDatabase } from './db/open.js';
import type { Db } from './db/types.js';

export function createLogger(level: Config['logLevel']): Logger {
  return pino({
    level,
    name: 'studio-server',
    // Belt and braces: nothing logs these today, and nothing ever should.
    redact: { paths: ['req.headers.authorization', 'authorization', 'key', 'apiKey', '*.key', '*.apiKey'], censor: '[redacted]' },
  });
}

/**
 * Opens the database, runs `prepare` on it (the one-box demo seed), serves the API, and shuts down
 * cleanly on SIGTERM/SIGINT.
 */
export async function startServer(config: Config, log: Logger = createLogger(config.logLevel), prepare?: (db: Db) => Promise<void>) {
  const db = await openDatabase(config.databaseUrl, log);
  await prepare?.(db);
  const app = await buildApp({ db, logger: log });
  await app.listen({ port: config.port, host: config.host });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down: finishing requests in flight');
    // close() stops accepting, lets requests in flight finish, then we release the database.
    await app.close();
    await db.close();
    log.info('stopped');
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  return { app, db, shutdown, address: app.server.address() };
}
