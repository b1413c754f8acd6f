import { pino, type Logger } from 'pino';

/**
 * The agent's root logger. Modules take child loggers (`module: 'gate'`, ...). Nothing logs the
 * API key or a card number; the redaction is belt and braces for a field someone adds later.
 */
export function createAgentLogger(level: string, destination?: NodeJS.WritableStream): Logger {
  const options = {
    level,
    name: 'studio-agent',
    redact: { paths: ['api_key', 'apiKey', '*.api_key', '*.apiKey', 'server.api_key', 'identifier', '*.identifier', 'raw', '*.raw'], censor: '[redacted]' },
  };
  return destination ? pino(options, destination as pino.DestinationStream) : pino(options);
}
