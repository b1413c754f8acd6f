import { logDestination } from '@studio/shared/logging';
import { pino, type Logger } from 'pino';

/**
 * The agent's root logger. Modules take child loggers (`module: 'gate'`, ...). Nothing logs the
 * API key or a card number; the redaction is belt and braces for a field someone adds later.
 * Without a `destination` the environment chooses (`LOG_FORMAT`, `LOG_FILE`): short human lines
 * on a terminal, JSON lines to journald or a pipe or the file.
 */
export function createAgentLogger(level: string, destination: { write(line: string): unknown } | undefined = logDestination()): Logger {
  const options = {
    level,
    name: 'studio-agent',
    redact: { paths: ['api_key', 'apiKey', '*.api_key', '*.apiKey', 'server.api_key', 'identifier', '*.identifier', 'raw', '*.raw'], censor: '[redacted]' },
  };
  return destination ? pino(options, destination as pino.DestinationStream) : pino(options);
}
