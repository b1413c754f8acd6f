import type { Logger } from 'pino';
import { ListenerSet } from '../supervision/listeners.js';
import { DeviceSupervisor, type DeviceHandle, type LossReporter, type SupervisionDeps } from '../supervision/supervisor.js';
import { systemClock, type Clock } from '../supervision/clock.js';
import type { CardRead, CardReader, DeviceHealth } from '../types.js';
import { ReadDebouncer } from './debounce.js';

/** What a reader driver's connection reports besides a loss. */
export interface ReaderSink extends LossReporter {
  /** A complete read: `identifier` as printed (trimmed), `raw` as received (hex or text). */
  read(identifier: string, raw: string): void;
  /** Bytes or a line that did not make a read (bad checksum, garbage, no match): counted, not fatal. */
  rejected(reason: string, length: number): void;
}

export interface ReaderOptions extends SupervisionDeps {
  id: string;
  driver: string;
  debounceMs: number;
  open(sink: ReaderSink): Promise<DeviceHandle>;
}

/**
 * The one `CardReader` every reader driver is: a supervised connection, same-card debounce and
 * contained listeners. Drivers differ only in `open`. Identifiers never reach the log: only
 * lengths and counts.
 */
export class SupervisedReader implements CardReader {
  readonly id: string;
  private readonly supervisor: DeviceSupervisor<DeviceHandle>;
  private readonly listeners: ListenerSet<CardRead>;
  private readonly debouncer: ReadDebouncer;
  private readonly clock: Clock;
  private readonly logger: Logger;
  private counts = { reads: 0, repeats: 0, rejected: 0 };

  constructor(options: ReaderOptions) {
    this.id = options.id;
    this.clock = options.clock ?? systemClock;
    this.logger = options.logger;
    this.listeners = new ListenerSet(options.logger, 'card-read');
    this.debouncer = new ReadDebouncer(options.debounceMs);
    this.supervisor = new DeviceSupervisor({
      ...options,
      kind: 'reader',
      clock: this.clock,
      open: (loss) =>
        options.open({
          lost: loss.lost,
          read: (identifier, raw) => this.read(identifier, raw),
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
    return this.supervisor.health();
  }

  onRead(listener: (read: CardRead) => void): () => void {
    return this.listeners.add(listener);
  }

  /** Reads emitted, repeats suppressed by the debounce, and rejected frames or lines. */
  stats(): { reads: number; repeats: number; rejected: number } {
    return { ...this.counts };
  }

  private read(identifier: string, raw: string): void {
    const now = this.clock.now();
    this.supervisor.touch();
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
    this.logger.debug({ reason, length, rejected: this.counts.rejected }, 'reader input rejected');
  }
}
