import { pino, type Logger } from 'pino';

/** A debug-level logger whose lines the test can read (to assert what is, and isn't, logged). */
export function capturingLogger(): { logger: Logger; lines: string[]; text: () => string } {
  const lines: string[] = [];
  const logger = pino({ level: 'debug' }, { write: (line: string) => void lines.push(line) });
  return { logger, lines, text: () => lines.join('') };
}

export const silentLogger: Logger = pino({ level: 'silent' });
