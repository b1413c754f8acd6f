import { ApiRequestError, type CallOptions, type StudioClient } from '@studio/shared/client';
import type { ServerContact } from '../sync/server-contact.js';

/** The slice of the API client the kiosk uses, so a test can pass another. */
export interface KioskServer {
  classes: Pick<StudioClient['classes'], 'all' | 'get' | 'book' | 'cancel' | 'checkIn'>;
  members: Pick<StudioClient['members'], 'resolve'>;
  locations: Pick<StudioClient['locations'], 'list'>;
}

/**
 * The server said something about the request itself (a refusal the kiosk shows or keeps), as
 * opposed to not answering: unreachable, timed out, 5xx, 429, a key in use, or this box's key
 * refused (401/403), all of which leave the kiosk to its cache.
 */
export function isServerAnswer(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError && !error.transient && error.status !== 401 && error.status !== 403;
}

/**
 * Every kiosk call to the server goes through here: within a budget, no retries (the cache
 * answers instead), and each outcome tells whether the kiosk is online (`onChange` on a flip).
 */
export class ServerLink {
  private offlineNow = false;

  constructor(
    readonly server: KioskServer,
    private readonly contact: ServerContact,
    private readonly onChange: (offline: boolean) => void,
  ) {}

  get offline(): boolean {
    return this.offlineNow;
  }

  /**
   * A caller for steps that share one budget (a check-in's look-up, booking and check-in together
   * wait at most `budgetMs`): each call gets what is left of it.
   */
  within(budgetMs: number): <T>(request: (options: CallOptions) => Promise<T>) => Promise<T> {
    const signal = AbortSignal.timeout(budgetMs);
    const deadline = Date.now() + budgetMs;
    return (request) => this.call(request, { signal, timeoutMs: Math.max(1, deadline - Date.now()), retries: 0 });
  }

  private async call<T>(request: (options: CallOptions) => Promise<T>, options: CallOptions): Promise<T> {
    try {
      const answer = await request(options);
      this.reached(true);
      return answer;
    } catch (error) {
      if (error instanceof ApiRequestError) this.contact.seen();
      this.reached(isServerAnswer(error));
      throw error;
    }
  }

  private reached(answered: boolean): void {
    if (answered) this.contact.seen();
    if (this.offlineNow === !answered) return;
    this.offlineNow = !answered;
    this.onChange(this.offlineNow);
  }
}
