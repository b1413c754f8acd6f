import { NetworkError } from '@studio/shared/client';
import type { Logger } from 'pino';

/**
 * When the server last answered anything (a refusal counts: it is up), shown in /health; and
 * whether it is reachable at all, logged once per change (`server.unreachable`, `server.back`)
 * rather than once per failed call.
 */
export class ServerContact {
  private last: Date | null = null;
  private unreachable = false;

  constructor(
    private readonly now: () => Date,
    private readonly log?: Pick<Logger, 'info' | 'warn'>,
  ) {}

  seen(): void {
    this.last = this.now();
    if (!this.unreachable) return;
    this.unreachable = false;
    this.log?.info({ event: 'server.back' }, 'the server is reachable again');
  }

  /** A call failed: no connection or no answer in time means unreachable; a call this box cancelled says nothing. */
  failed(error: unknown): void {
    if (!(error instanceof NetworkError) || error.code === 'aborted' || this.unreachable) return;
    this.unreachable = true;
    this.log?.warn({ event: 'server.unreachable', code: error.code }, 'the server is unreachable; deciding from the cache until it answers');
  }

  lastAt(): Date | null {
    return this.last;
  }
}
