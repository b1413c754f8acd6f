/**
 * One error for every way the kiosk reaches its data (the agent over HTTP, the shell over IPC):
 * `unreachable` (nothing answered), `bad_reply` (an answer off the contract), `invalid_request`
 * (a payload refused), `sender_not_allowed` (IPC from a frame that is not the kiosk's), or the
 * agent's own error code (`resource_missing`, ...).
 */
export class KioskApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'KioskApiError';
  }
}
