import type { Logger } from 'pino';
import { ListenerSet } from '../supervision/listeners.js';
import { DeviceSupervisor, type DeviceHandle, type LossReporter, type SupervisionDeps } from '../supervision/supervisor.js';
import { systemClock, type Clock } from '../supervision/clock.js';
import type { CardRead, CardReader, DeviceHealth } from '../types.js';
import { ReadDebouncer } from './debounce.js';

/** What a reader driver's connection reports besides a loss. */
export interface ReaderSink extends LossReporter {
  /**
   * A complete read: `identifier` as printed (trimmed), `raw` as received (hex or text),
   * `startedAt` the clock time its first byte arrived (default: now).
   */
  read(identifier: string, raw: string, startedAt?: number): void;
  /** Bytes or a line that did not make a read (bad checksum, garbage, no match): counted, not fatal. */
  rejected(reason: string, length: number): void;
}

export interface ReaderOptions extends SupervisionDeps {
  id: string;
  driver: string;
  debounceMs: number;
  /** A read whose first byte arrived longer ago than this is dropped, never acted on; default 1000 ms. */
  maxScanAgeMs?: number;
  open(sink: ReaderSink): Promise<DeviceHandle>;
}

export const defaultMaxScanAgeMs = 1000;
/** Unreadable inputs in a row (no good read between) from which the reader shows `degraded`. */
export const degradedAfterUnreadable = 3;
/** Of each such run, this many are logged at info (without their bytes); the rest at debug. */
const loggedPerRun = 3;

/**
 * The one `CardReader` every reader driver is: a supervised connection, same-card debounce and
 * contained listeners. Drivers differ only in `open`. Identifiers never reach the log: only
 * lengths and counts.
 *
 * Input that makes no read (a wrong driver, baud rate or line ending) and reads that arrived too
 * late are counted; from `degradedAfterUnreadable` of them in a row the reader's health is
 * `degraded` with a hint, until the next good read.
 */
export class SupervisedReader implements CardReader {
  readonly id: string;
  private readonly supervisor: DeviceSupervisor<DeviceHandle>;
  private readonly listeners: ListenerSet<CardRead>;
  private readonly debouncer: ReadDebouncer;
  private readonly clock: Clock;
  private readonly logger: Logger;
  private readonly maxScanAgeMs: number;
  private counts = { reads: 0, repeats: 0, rejected: 0, stale: 0 };
  /** Unreadable or stale inputs since the last good read, and when the run made the reader degraded. */
  private run = { unreadable: 0, stale: 0, degradedSince: null as number | null };

  constructor(options: ReaderOptions) {
    this.id = options.id;
    this.clock = options.clock ?? systemClock;
    this.logger = options.logger;
    this.maxScanAgeMs = options.maxScanAgeMs ?? defaultMaxScanAgeMs;
    this.listeners = new ListenerSet(options.logger, 'card-read');
    this.debouncer = new ReadDebouncer(options.debounceMs);
    this.supervisor = new DeviceSupervisor({
      ...options,
      kind: 'reader',
      clock: this.clock,
      open: (loss) =>
        options.open({
          lost: loss.lost,
          read: (identifier, raw, startedAt) => this.read(identifier, raw, startedAt),
          rejected: (reason, length) => this.rejected(reason, length),
        }),
    });
  }

  start(): Promise<void> {
    return this.supervisor.start();
  }

  async stop(): Promise<void> {
    await this.supervisor.stop();
    this.listeners.clear();
    this.debouncer.clear();
  }

  health(): DeviceHealth {
    const health = this.supervisor.health();
    const { unreadable, stale, degradedSince } = this.run;
    if (health.state !== 'ok' || degradedSince === null) return { ...health, hint: null };
    const parts = [unreadable > 0 ? `${unreadable} unreadable frames or lines` : null, stale > 0 ? `${stale} scans dropped as too old` : null];
    const hint = `${parts.filter((part) => part !== null).join(' and ')} since the last good read: check the reader's driver, baud rate and line ending`;
    return { ...health, state: 'degraded', since: new Date(degradedSince).toISOString(), hint };
  }

  onRead(listener: (read: CardRead) => void): () => void {
    return this.listeners.add(listener);
  }

  /** Reads emitted, repeats suppressed by the debounce, rejected frames or lines, and reads dropped as too old. */
  stats(): { reads: number; repeats: number; rejected: number; stale: number } {
    return { ...this.counts };
  }

  private read(identifier: string, raw: string, startedAt?: number): void {
    const now = this.clock.now();
    this.supervisor.touch();
    const ageMs = now - (startedAt ?? now);
    if (this.maxScanAgeMs > 0 && ageMs > this.maxScanAgeMs) {
      // A scan held this long (a line end we did not see, a stalled process) would open the door
      // for someone who may have walked away: dropped; they scan again.
      this.counts.stale += 1;
      this.run.stale += 1;
      this.unreadableInput({ ageMs, length: identifier.length }, 'a scan arrived too late and was dropped');
      return;
    }
    this.run = { unreadable: 0, stale: 0, degradedSince: null };
    if (!this.debouncer.accept(identifier, now)) {
      this.counts.repeats += 1;
      return;
    }
    this.counts.reads += 1;
    this.logger.debug({ length: identifier.length }, 'card read');
    this.listeners.emit({ readerId: this.id, identifier, raw, at: new Date(now) });
  }

  private rejected(reason: string, length: number): void {
    this.counts.rejected += 1;
    this.run.unreadable += 1;
    this.unreadableInput({ reason, length, rejected: this.counts.rejected }, 'reader input unreadable');
  }

  private unreadableInput(fields: Record<string, unknown>, message: string): void {
    const inRun = this.run.unreadable + this.run.stale;
    this.logger[inRun <= loggedPerRun ? 'info' : 'debug'](fields, message);
    if (inRun >= degradedAfterUnreadable && this.run.degradedSince === null) {
      this.run.degradedSince = this.clock.now();
      this.logger.warn({ unreadable: this.run.unreadable, stale: this.run.stale }, "reader degraded: its input makes no reads; check the reader's driver, baud rate and line ending");
    }
  }
}
