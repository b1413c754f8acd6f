import type { Logger } from 'pino';
import { systemClock, type Clock } from '../../clock/time.js';
import type { Db } from '../../db/types.js';
import { claimDueMessages } from './claims.js';
import { deliverMessage } from './deliver.js';
import { noteNotConfigured } from './record-attempt.js';
import { firstMessageRetryMs } from './retries.js';
import type { SmtpSettings } from './smtp-settings.js';
import { SmtpTransport } from './smtp-transport.js';
import { recordTestModeMessages } from './test-mode.js';

export interface MessageSenderOptions {
  db: Db;
  log: Logger;
  /** null: no provider; messages stay queued, each with one `not_configured` attempt. */
  smtp: SmtpSettings | null;
  /** The server's address for links in emails (config.messages.publicUrl). */
  publicUrl: string;
  clock?: Clock;
  /** In [0, 1), for the retries' jitter. */
  random?: () => number;
  /** Sends at once, at most. */
  concurrency?: number;
  pollMs?: number;
  /** How long one SMTP step may take before the attempt fails. */
  timeoutMs?: number;
  /** How long a claim lasts; longer than a send may take. Default: three timeouts and a minute. */
  claimMs?: number;
  firstRetryMs?: number;
  /** On stop, how long sends in flight may finish. */
  stopGraceMs?: number;
}

/**
 * Sends members' emails from the outbox (outbox.ts) in the background of a server process, as the
 * webhook worker delivers webhooks: polls every second, claims due messages (claims.ts, so several
 * processes on one Postgres never send one message twice at once), sends up to `concurrency` at
 * once, and records each attempt (record-attempt.ts). Every failure of a poll is logged and contained.
 */
export class MessageSender {
  readonly #options: MessageSenderOptions;
  readonly #log: Logger;
  readonly #clock: Clock;
  readonly #transport: SmtpTransport | null;
  readonly #concurrency: number;
  readonly #claimMs: number;
  readonly #inFlight = new Set<Promise<void>>();
  #running = false;
  #polling: Promise<void> | null = null;
  #timer: NodeJS.Timeout | undefined;

  constructor(options: MessageSenderOptions) {
    this.#options = options;
    this.#log = options.log.child({ module: 'messages' });
    this.#clock = options.clock ?? systemClock;
    const timeoutMs = options.timeoutMs ?? 30_000;
    this.#transport = options.smtp ? new SmtpTransport(options.smtp, timeoutMs) : null;
    this.#concurrency = options.concurrency ?? 4;
    this.#claimMs = options.claimMs ?? 3 * timeoutMs + 60_000;
  }

  /** Starts polling; without a provider, says so once. */
  start(): void {
    if (this.#running) return;
    this.#running = true;
    if (!this.#transport) this.#log.warn({ event: 'messages.not_configured' }, "members' emails are not sent: no SMTP provider (set SMTP_HOST and SMTP_FROM); they wait in the outbox");
    this.#schedule(0);
  }

  /** One pass as the poll makes it, answered once the sends it started are recorded. For tests that move a clock rather than wait. */
  async runOnce(): Promise<number> {
    const launched = await this.#claimAndLaunch();
    await Promise.all(launched);
    return launched.length;
  }

  /** Stops polling; sends in flight get `stopGraceMs` to finish (one cut off stays queued and goes again after its claim). */
  async stop(): Promise<void> {
    this.#running = false;
    clearTimeout(this.#timer);
    await this.#polling;
    let grace: NodeJS.Timeout | undefined;
    await Promise.race([Promise.allSettled([...this.#inFlight]), new Promise((resolve) => (grace = setTimeout(resolve, this.#options.stopGraceMs ?? 5000)))]);
    clearTimeout(grace);
    this.#transport?.close();
  }

  #schedule(ms: number): void {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => void this.#poll(), ms);
  }

  async #poll(): Promise<void> {
    if (this.#polling) return;
    let more = false;
    this.#polling = this.#claimAndLaunch().then(
      (launched) => void (more = launched.length > 0 && this.#inFlight.size < this.#concurrency),
      (error: unknown) => this.#log.error({ err: error }, 'member message poll failed; trying again at the next poll'),
    );
    await this.#polling;
    this.#polling = null;
    if (this.#running) this.#schedule(more ? 0 : (this.#options.pollMs ?? 1000));
  }

  async #claimAndLaunch(): Promise<Promise<void>[]> {
    const { db } = this.#options;
    await recordTestModeMessages(db, this.#clock, 100);
    if (!this.#transport) {
      await noteNotConfigured(db, this.#clock, 100);
      return [];
    }
    const claimed = await claimDueMessages(db, this.#clock, this.#concurrency - this.#inFlight.size, this.#claimMs);
    const context = {
      db,
      log: this.#log,
      transport: this.#transport,
      publicUrl: this.#options.publicUrl,
      clock: this.#clock,
      random: this.#options.random ?? Math.random,
      firstRetryMs: this.#options.firstRetryMs ?? firstMessageRetryMs,
    };
    return claimed.map((message) => {
      const sending: Promise<void> = deliverMessage(context, message)
        .catch((error: unknown) => this.#log.error({ message_id: message.id, err: error }, 'member message failed unexpectedly; its claim runs out and it is tried again'))
        .finally(() => this.#inFlight.delete(sending));
      this.#inFlight.add(sending);
      return sending;
    });
  }
}
