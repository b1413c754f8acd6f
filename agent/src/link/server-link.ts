import { ApiRequestError, type CallOptions } from '@studio/shared/client';
import type { ServerContact } from './server-contact.js';

/**
 * The one rule for "did the server answer": it said something about the request itself (a
 * success, or a refusal a feature shows or keeps), as opposed to not answering: unreachable,
 * timed out, 5xx, 429, a key in use, or this box's key refused (401/403). Everything that did not
 * answer leaves the feature to its cache, and leaves an outbox row pending under the same key.
 */
export function isServerAnswer(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError && !error.transient && error.status !== 401 && error.status !== 403;
}

/** The code of any failure, for logs and an outbox row's `last_error`; never the request's values. */
export function failureCode(error: unknown): string {
  return (error as { code?: string }).code ?? 'error';
}

/** Runs one request with the call options of the budget it belongs to. */
export type BudgetedCall = <T>(request: (options: CallOptions) => Promise<T>) => Promise<T>;

export interface BudgetOptions {
  /**
   * Attempts after the first, within the same budget; default 0: a feature answers from its cache
   * and a background job retries on its own schedule. Only a read (safe to repeat) sets more.
   */
  retries?: number;
}

/**
 * Every call a feature or a background job makes to the server goes through a link: within a
 * budget, and judged by `isServerAnswer`. Any answer at all (a 503 too: the server is up) counts as
 * contact for /health. A link also keeps whether its own last call was answered, and `onChange`
 * hears each flip (the kiosk tells its screen and drains when the server is back). Each feature
 * has a link of its own, so one feature's timeout does not flip another's state.
 */
export class ServerLink<Server = unknown> {
  private offlineNow = false;

  constructor(
    readonly server: Server,
    private readonly contact: ServerContact,
    private readonly onChange: (offline: boolean) => void = () => {},
  ) {}

  /** The last call through this link was not answered (see `isServerAnswer`). */
  get offline(): boolean {
    return this.offlineNow;
  }

  /**
   * A caller for steps that share one budget (a check-in's look-up, booking and check-in together
   * wait at most `budgetMs`): each call gets what is left of it.
   */
  within(budgetMs: number, options: BudgetOptions = {}): BudgetedCall {
    const signal = AbortSignal.timeout(budgetMs);
    const deadline = Date.now() + budgetMs;
    return (request) => this.call(request, { signal, timeoutMs: Math.max(1, deadline - Date.now()), retries: options.retries ?? 0 });
  }

  private async call<T>(request: (options: CallOptions) => Promise<T>, options: CallOptions): Promise<T> {
    try {
      const answer = await request(options);
      this.reached(true);
      return answer;
    } catch (error) {
      if (error instanceof ApiRequestError) this.contact.seen();
      else this.contact.failed(error);
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
