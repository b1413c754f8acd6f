import { z } from 'zod';

/** The server's environment: the one place its defaults are written. */
export const ConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .min(1)
    .default('./data/studio.db')
    .describe('A SQLite file path, :memory:, or postgres://user@host:port/database'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface Config {
  port: number;
  host: string;
  databaseUrl: string;
  logLevel: z.infer<typeof ConfigSchema>['LOG_LEVEL'];
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the environment once; every problem is reported as `NAME: message`. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment:\n  ${problems.join('\n  ')}`);
  }
  const { PORT, HOST, DATABASE_URL, LOG_LEVEL } = parsed.data;
  return { port: PORT, host: HOST, databaseUrl: DATABASE_URL, logLevel: LOG_LEVEL };
}

/** The API's base URL as a client on this machine reaches it, e.g. http://127.0.0.1:3000/v1. */
export function apiBaseUrl(config: Config): string {
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  return `http://${host}:${config.port}/v1`;
}
