import { logOutputEnv } from '@studio/shared/logging';
import { isIP } from 'node:net';
import { dirname } from 'node:path';
import { z } from 'zod';
import { isPostgresUrl } from './db/open.js';
import { messagesEnv, smtpProblems, smtpSettingsOf, type SmtpSettings } from './modules/messages/smtp-settings.js';
import type { ServerLimits } from './plugins/limits.js';
import type { TlsSetting } from './tls/tls-setting.js';
import { hostNameOf } from './web/allowed-hosts.js';

export type { ServerLimits };

/** The entries of a comma-separated list of hosts, trimmed, empty ones dropped. */
function hostList(value: string): string[] {
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

const count = (fallback: number, min = 0) => z.coerce.number().int().min(min).default(fallback);

/** The server's environment: the one place its defaults are written. */
export const ConfigSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    ALLOWED_HOSTS: z
      .string()
      .default('')
      .refine((value) => hostList(value).every((entry) => hostNameOf(entry) !== null), 'must be host names or addresses, comma-separated, without a scheme or path (e.g. studio.example.com)')
      .describe(
        "Host names the staff web app answers under besides localhost, the machine's name and IP addresses, comma-separated (e.g. studio.example.com); any other name is refused (421), which stops DNS-rebinding pages",
      ),
    DATABASE_URL: z.string().min(1).default('./data/studio.db').describe('A SQLite file path, :memory:, or postgres://user@host:port/database'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    // Read by the logger (shared/src/logging); here so a bad value fails at start like the others.
    ...logOutputEnv.shape,
    // 100 requests a second per key on average, Stripe's live-mode figure, with bursts up to the window's budget.
    RATE_LIMIT_MAX: count(6000).describe('Requests per API key per window; 0 turns the limit off'),
    RATE_LIMIT_WINDOW_SECONDS: count(60, 1).describe('The rate-limit window'),
    RATE_LIMIT_ANONYMOUS_MAX: count(100).describe(
      'Requests refused for a missing or invalid key, owner setup and password link tries, and sign-in page reads, per client (an IPv6 /64) per window, before 429; 0: off',
    ),
    // A person at the web app makes a few requests a second at most; a tenth of a key's budget still leaves room for a busy desk.
    RATE_LIMIT_SESSION_MAX: count(600).describe('Requests per staff account (all its sessions together) per window; 0 turns the limit off'),
    MAX_HEADER_BYTES: count(16_384, 1024).describe('Request line and headers together'),
    MAX_URL_LENGTH: count(4096, 256),
    MAX_QUERY_PARAMS: count(32, 1),
    HEADERS_TIMEOUT_MS: count(10_000, 1).describe('Time a client has to send the request line and headers'),
    REQUEST_TIMEOUT_MS: count(30_000, 1).describe('Time a client has to send the whole request, body included'),
    SOCKET_TIMEOUT_MS: count(30_000, 1).describe('A socket silent this long is closed'),
    KEEP_ALIVE_TIMEOUT_MS: count(5000, 1).describe("An idle keep-alive connection is closed after this; set it above a load balancer's idle timeout"),
    MAX_CONNECTIONS: count(1024, 1),
    MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).optional().describe('Open connections from one client address (an IPv6 /64); default a quarter of MAX_CONNECTIONS'),
    SHUTDOWN_TIMEOUT_MS: count(15_000, 0).describe('On SIGTERM, requests still running after this are cut off'),
    BACKUP_DIR: z.string().min(1).optional().describe('A folder for scheduled online backups of a SQLite database; unset: none'),
    // At most 24 days: a Node timer cannot wait longer than 2^31 ms.
    BACKUP_INTERVAL_HOURS: z.coerce.number().positive().max(576).default(24).describe('Hours between scheduled backups'),
    BACKUP_KEEP: count(7, 1).describe('Scheduled backups kept; older ones are deleted'),
    TLS: z.enum(['off', 'self-signed']).default('off').describe('self-signed: serve HTTPS with a certificate made at first start and kept in TLS_DIR (docs/https.md)'),
    TLS_CERT: z.string().min(1).optional().describe('A PEM certificate (chain) file to serve HTTPS with; needs TLS_KEY'),
    TLS_KEY: z.string().min(1).optional().describe("The PEM private key of TLS_CERT, unencrypted; readable by the server's user only"),
    WEBHOOK_TIMEOUT_MS: count(10_000, 100).describe('A webhook attempt without a 2xx answer within this is a failed attempt, retried later'),
    WEBHOOK_CONCURRENCY: count(8, 1).describe('Webhook sends at once per server process'),
    WEBHOOK_ALLOW_PRIVATE_TARGETS: z
      .enum(['on', 'off'])
      .default('off')
      .describe("on: webhooks may go to this box's own addresses, loopback and link-local (refused by default; LAN ranges are always allowed)"),
    WEBHOOK_FIRST_RETRY_MS: count(30_000, 100).describe(
      'The wait after a failed webhook attempt; each further failure doubles it, up to 6 hours, for about three days. Shorter only for drills and tests',
    ),
    WEBHOOK_CLAIM_MS: z.coerce
      .number()
      .int()
      .min(1000)
      .optional()
      .describe('How long a process holds a delivery it is sending: one killed mid-send leaves it to another after this. Default WEBHOOK_TIMEOUT_MS and a minute'),
    TLS_DIR: z.string().min(1).optional().describe("Where TLS=self-signed keeps tls-cert.pem and tls-key.pem; default the SQLite file's folder (./data for Postgres)"),
    // Members' emails (modules/messages/smtp-settings.ts).
    ...messagesEnv.shape,
  })
  // Node refuses a server whose headers may take longer than the whole request.
  .refine((env) => env.HEADERS_TIMEOUT_MS <= env.REQUEST_TIMEOUT_MS, {
    message: 'must not exceed REQUEST_TIMEOUT_MS',
    path: ['HEADERS_TIMEOUT_MS'],
  })
  // A claim that ran out while its attempt still runs would let a second process send the same delivery at the same time.
  .refine((env) => env.WEBHOOK_CLAIM_MS === undefined || env.WEBHOOK_CLAIM_MS > env.WEBHOOK_TIMEOUT_MS, { message: 'must exceed WEBHOOK_TIMEOUT_MS', path: ['WEBHOOK_CLAIM_MS'] })
  .refine((env) => (env.TLS_CERT === undefined) === (env.TLS_KEY === undefined), { message: 'TLS_CERT and TLS_KEY go together: set both, or neither', path: ['TLS_CERT'] })
  .refine((env) => env.TLS === 'off' || env.TLS_CERT === undefined, {
    message: 'TLS=self-signed makes its own certificate: unset TLS_CERT and TLS_KEY, or unset TLS to serve the given one',
    path: ['TLS'],
  })
  .superRefine((env, context) => {
    for (const problem of smtpProblems(env)) context.addIssue({ code: 'custom', message: problem.message, path: [problem.path] });
  });

type Env = z.infer<typeof ConfigSchema>;

export interface Config {
  port: number;
  host: string;
  /** Host names the web app answers under besides localhost, the machine's name and IP addresses (web/allowed-hosts.ts). */
  allowedHosts: string[];
  databaseUrl: string;
  logLevel: Env['LOG_LEVEL'];
  limits: ServerLimits;
  /** Scheduled online backups of a SQLite database (docs/backups.md); `dir` null: none. */
  backups: { dir: string | null; intervalMs: number; keep: number };
  /** HTTPS or plain HTTP (docs/https.md). */
  tls: TlsSetting;
  /** The webhook delivery worker (server/src/modules/webhooks/delivery/). */
  webhooks: WebhookSettings;
  /** Members' emails (server/src/modules/messages/): the SMTP provider, null when none is set, and the server's address for links. */
  messages: { smtp: SmtpSettings | null; publicUrl: string };
}

export interface WebhookSettings {
  timeoutMs: number;
  concurrency: number;
  allowPrivateTargets: boolean;
  /** The first retry's wait (retry-schedule.ts doubles it). */
  firstRetryMs: number;
  claimMs: number;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function limitsOf(env: Env): ServerLimits {
  return {
    rateLimitMax: env.RATE_LIMIT_MAX,
    rateLimitWindowMs: env.RATE_LIMIT_WINDOW_SECONDS * 1000,
    rateLimitAnonymousMax: env.RATE_LIMIT_ANONYMOUS_MAX,
    rateLimitSessionMax: env.RATE_LIMIT_SESSION_MAX,
    maxHeaderBytes: env.MAX_HEADER_BYTES,
    maxUrlLength: env.MAX_URL_LENGTH,
    maxQueryParams: env.MAX_QUERY_PARAMS,
    headersTimeoutMs: env.HEADERS_TIMEOUT_MS,
    requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
    socketTimeoutMs: env.SOCKET_TIMEOUT_MS,
    keepAliveTimeoutMs: env.KEEP_ALIVE_TIMEOUT_MS,
    maxConnections: env.MAX_CONNECTIONS,
    maxConnectionsPerAddress: Math.min(env.MAX_CONNECTIONS, env.MAX_CONNECTIONS_PER_ADDRESS ?? Math.max(1, Math.floor(env.MAX_CONNECTIONS / 4))),
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
  };
}

/** The data folder: the SQLite file's, or ./data beside a Postgres or in-memory database. */
export function dataDir(databaseUrl: string): string {
  return isPostgresUrl(databaseUrl) || databaseUrl === ':memory:' ? 'data' : dirname(databaseUrl);
}

function tlsOf(env: Env): TlsSetting {
  if (env.TLS_CERT !== undefined && env.TLS_KEY !== undefined) return { kind: 'given', certFile: env.TLS_CERT, keyFile: env.TLS_KEY };
  if (env.TLS === 'self-signed') return { kind: 'self-signed', dir: env.TLS_DIR ?? dataDir(env.DATABASE_URL) };
  return { kind: 'off' };
}

/** Reads the environment once; every problem is reported as `NAME: message`. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment:\n  ${problems.join('\n  ')}`);
  }
  const { PORT, HOST, DATABASE_URL, LOG_LEVEL, BACKUP_DIR, BACKUP_INTERVAL_HOURS, BACKUP_KEEP } = parsed.data;
  const backups = { dir: BACKUP_DIR ?? null, intervalMs: Math.round(BACKUP_INTERVAL_HOURS * 3_600_000), keep: BACKUP_KEEP };
  const webhooks = {
    timeoutMs: parsed.data.WEBHOOK_TIMEOUT_MS,
    concurrency: parsed.data.WEBHOOK_CONCURRENCY,
    allowPrivateTargets: parsed.data.WEBHOOK_ALLOW_PRIVATE_TARGETS === 'on',
    firstRetryMs: parsed.data.WEBHOOK_FIRST_RETRY_MS,
    claimMs: parsed.data.WEBHOOK_CLAIM_MS ?? parsed.data.WEBHOOK_TIMEOUT_MS + 60_000,
  };
  // The name the server listens on is one it answers under.
  const allowedHosts = [...hostList(parsed.data.ALLOWED_HOSTS), ...(hostNameOf(HOST) !== null && isIP(HOST) === 0 ? [HOST] : [])];
  const tls = tlsOf(parsed.data);
  const publicUrl = (parsed.data.PUBLIC_URL ?? apiBaseUrl({ host: HOST, port: PORT, tls }).replace(/\/v1$/, '')).replace(/\/+$/, '');
  const messages = { smtp: smtpSettingsOf(parsed.data), publicUrl };
  return { port: PORT, host: HOST, allowedHosts, databaseUrl: DATABASE_URL, logLevel: LOG_LEVEL, limits: limitsOf(parsed.data), backups, tls, webhooks, messages };
}

/** The limits when the environment sets none. */
export const defaultLimits: ServerLimits = loadConfig({}).limits;

/** The API's base URL as a client on this machine reaches it, e.g. http://127.0.0.1:3000/v1 (https with TLS on). */
export function apiBaseUrl(config: Pick<Config, 'host' | 'port' | 'tls'>): string {
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  return `${config.tls.kind === 'off' ? 'http' : 'https'}://${host}:${config.port}/v1`;
}
