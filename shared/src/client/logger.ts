/**
 * The slice of a pino logger the client uses, so a pino child logger fits as is. Lines carry the
 * method, path, attempt, status and request id; never a header, so never the API key.
 */
export interface ClientLogger {
  debug(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
}

export const silentLogger: ClientLogger = {
  debug: () => {},
  warn: () => {},
};
