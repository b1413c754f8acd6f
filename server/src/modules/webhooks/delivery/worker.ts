import type { Logger } from 'pino';
import { systemClock, type Clock } from '../../../clock/time.js';
import type { Db } from '../../../db/types.js';
import { claimDueDeliveries, type ClaimedDelivery } from './claims.js';
import { fanOutEvents } from './fan-out.js';
import { recordAttempt } from './record-attempt.js';
import { firstRetryDelayMs } from './retry-schedule.js';
import { WebhookSender, type SenderSettings } from './send.js';
import { signatureHeaders } from './signature.js';

export interface DeliveryWorkerOptions {
  db: Db;
  log: Logger;
  sender: SenderSettings;
  clock?: Clock;
  /** In [0, 1), for the retries' jitter. */
  random?: () => number;
  /** Sends at once, at most; the rest wait for the next free slot. */
  concurrency?: number;
  /** How often the outbox and the due deliveries are looked at. */
  pollMs?: number;
  /** How long a claim lasts; longer than an attempt may take. Default: the timeout and a minute. */
  claimMs?: number;
  /** The first retry's wait (retry-schedule.ts); default 30 s. */
  firstRetryMs?: number;
  /** On stop, how long sends in flight may finish before they are cut off (and left to their claim's end). */
  stopGraceMs?: number;
  /** How many events one fan-out takes. */
  fanOutBatch?: number;
}

/**
 * Delivers webhooks in the background of a server process (docs/architecture.md §2.8): polls the
 * outbox and the due deliveries every second, fans events out, and sends up to `concurrency` at
 * once. Sends are plain outbound requests on the event loop and never hold a database transaction,
 * so a slow or dead receiver costs one slot, never an API request's time. Every failure of a poll or
 * a send is logged and contained (§2.7). Several processes share the work through claims
 * (claims.ts): each delivery is sent by one at a time. SIGKILL loses nothing: a row being sent stays
 * pending, and is taken again when its claim runs out.
 */
export class WebhookDeliveryWorker {
  readonly #db: Db;
  readonly #log: Logger;
  readonly #clock: Clock;
  readonly #random: () => number;
  readonly #sender: WebhookSender;
  readonly #settings: Required<Omit<DeliveryWorkerOptions, 'db' | 'log' | 'sender' | 'clock' | 'random'>>;
  readonly #inFlight = new Set<Promise<void>>();
  readonly #stopping = new AbortController();
  #running = false;
  #polling: Promise<void> | null = null;
  #again = false;
  #timer: NodeJS.Timeout | undefined;

  constructor(options: DeliveryWorkerOptions) {
    this.#db = options.db;
    this.#log = options.log.child({ module: 'webhooks' });
    this.#clock = options.clock ?? systemClock;
    this.#random = options.random ?? Math.random;
    this.#sender = new WebhookSender(options.sender);
    this.#settings = {
      concurrency: options.concurrency ?? 8,
      pollMs: options.pollMs ?? 1000,
      claimMs: options.claimMs ?? options.sender.timeoutMs + 60_000,
      firstRetryMs: options.firstRetryMs ?? firstRetryDelayMs,
      stopGraceMs: options.stopGraceMs ?? 5000,
      fanOutBatch: options.fanOutBatch ?? 100,
    };
  }

  start(): void {
    if (this.#running || this.#stopping.signal.aborted) return;
    this.#running = true;
    this.wake();
  }

  /** Looks at the outbox and the due deliveries now rather than at the next poll. */
  wake(): void {
    if (this.#running) this.#schedule(0);
  }

  /**
   * One pass as the poll makes it (fan out, claim what free slots allow, send), answered once the
   * sends it started are recorded. For tests and tools that move a clock rather than wait.
   */
  async runOnce(): Promise<number> {
    const launched = await this.#claimAndLaunch();
    await Promise.all(launched);
    return launched.length;
  }

  /** Stops polling; sends in flight get `stopGraceMs` to finish, then are cut off unrecorded (their claim runs out). */
  async stop(): Promise<void> {
    this.#running = false;
    clearTimeout(this.#timer);
    await this.#polling;
    let grace: NodeJS.Timeout | undefined;
    await Promise.race([Promise.allSettled([...this.#inFlight]), new Promise((resolve) => (grace = setTimeout(resolve, this.#settings.stopGraceMs)))]);
    clearTimeout(grace);
    this.#stopping.abort();
    await Promise.allSettled([...this.#inFlight]);
    await this.#sender.close();
  }

  #schedule(ms: number): void {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => void this.#poll(), ms);
  }

  async #poll(): Promise<void> {
    if (this.#polling) {
      this.#again = true;
      return;
    }
    const pass = this.#claimAndLaunch().then(
      (launched) => {
        if (launched.length > 0 && this.#inFlight.size < this.#settings.concurrency) this.#again = true;
      },
      (error: unknown) => this.#log.error({ err: error }, 'webhook delivery poll failed; trying again at the next poll'),
    );
    this.#polling = pass;
    await pass;
    this.#polling = null;
    if (!this.#running) return;
    this.#schedule(this.#again ? 0 : this.#settings.pollMs);
    this.#again = false;
  }

  async #claimAndLaunch(): Promise<Promise<void>[]> {
    const fanned = await fanOutEvents(this.#db, this.#clock, this.#settings.fanOutBatch);
    if (fanned.events === this.#settings.fanOutBatch) this.#again = true;
    const free = this.#settings.concurrency - this.#inFlight.size;
    const claimed = await claimDueDeliveries(this.#db, this.#clock, free, this.#settings.claimMs);
    return claimed.map((delivery) => {
      const sending: Promise<void> = this.#deliver(delivery).finally(() => {
        this.#inFlight.delete(sending);
        this.wake();
      });
      this.#inFlight.add(sending);
      return sending;
    });
  }

  async #deliver(delivery: ClaimedDelivery): Promise<void> {
    const context = { delivery_id: delivery.id, endpoint_id: delivery.endpoint_id, event_id: delivery.event_id, attempt: delivery.attempts + 1 };
    try {
      const headers = signatureHeaders(delivery, delivery.event_id, delivery.body, this.#clock());
      const outcome = await this.#sender.send(delivery.url, headers, delivery.body, this.#stopping.signal);
      // Cut off by a stop: nothing is recorded, the row stays pending and is sent again once its claim ends.
      if (this.#stopping.signal.aborted && !outcome.ok) return;
      const result = await recordAttempt(this.#db, delivery, outcome, this.#clock, this.#random, this.#settings.firstRetryMs);
      const fields = { ...context, status: result.status, status_code: outcome.statusCode, latency_ms: outcome.latencyMs };
      if (outcome.ok) this.#log.debug(fields, 'webhook delivered');
      else this.#log.warn({ ...fields, error: outcome.error, next_attempt_at: result.nextAttemptAt }, 'webhook attempt failed');
      if (result.disabledReason) this.#log.warn({ endpoint_id: delivery.endpoint_id, reason: result.disabledReason }, 'webhook endpoint disabled');
    } catch (error) {
      this.#log.error({ ...context, err: error }, 'webhook delivery failed unexpectedly; its claim runs out and it is tried again');
    }
  }
}
