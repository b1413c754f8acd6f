import type { Logger } from 'pino';
import type { DeviceHealth, DeviceState } from '../types.js';
import { FullJitterBackoff, defaultBackoff, type BackoffPolicy } from './backoff.js';
import { systemClock, type Clock, type Random } from './clock.js';
import { errorText, openFailureState } from './error-kind.js';

/** What a driver's `open` returns: one live connection to the device. */
export interface DeviceHandle {
  /** Releases the connection; must not throw for an already broken device. */
  close(): Promise<void>;
}

/** Handed to a driver's `open`: how the connection reports that it died (unplug, read error). */
export interface LossReporter {
  lost(error: unknown): void;
}

/** What every supervised driver takes besides its own settings: injected so tests drive time. */
export interface SupervisionDeps {
  /** Already a child logger for this device (`{ device: id }`). */
  logger: Logger;
  clock?: Clock;
  random?: Random;
  backoff?: BackoffPolicy;
}

export interface SupervisorOptions<H extends DeviceHandle> extends SupervisionDeps {
  id: string;
  kind: DeviceHealth['kind'];
  driver: string;
  open(loss: LossReporter): Promise<H>;
  /** Runs on every fresh connection before it counts as `ok` (relays: all off). A throw drops it. */
  afterOpen?(handle: H): Promise<void>;
  /** Runs on the live connection at `stop()` before it is closed (relays: all off). */
  beforeClose?(handle: H): Promise<void>;
}

/**
 * Keeps one device open (docs/hardware.md §4.5, §6.4): `starting → ok`; an open failure or a loss goes
 * `down`/`unavailable` and retries with full-jitter backoff, reset after a successful open; unplug
 * and replug are the normal case, never a throw. `reconnects` counts successful re-opens after the
 * first. `stop()` clears the retry timer and closes the connection.
 */
export class DeviceSupervisor<H extends DeviceHandle> {
  private readonly clock: Clock;
  private readonly backoff: FullJitterBackoff;
  private handle: H | null = null;
  private retryTimer: unknown = null;
  private inflight: Promise<void> | null = null;
  private stopped = false;
  private opened = false;
  private generation = 0;
  private state: DeviceState = 'starting';
  private since: Date;
  private lastError: string | null = null;
  private lastEventAt: Date | null = null;
  private reconnects = 0;

  constructor(private readonly options: SupervisorOptions<H>) {
    this.clock = options.clock ?? systemClock;
    this.backoff = new FullJitterBackoff(options.backoff ?? defaultBackoff, options.random ?? Math.random);
    this.since = new Date(this.clock.now());
  }

  /** Resolves after the first open attempt, whether or not the device was there. */
  async start(): Promise<void> {
    this.stopped = false;
    this.setState('starting', null);
    await this.attempt();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.generation += 1;
    this.clearRetry();
    await this.inflight;
    const handle = this.handle;
    this.handle = null;
    if (handle) {
      try {
        await this.options.beforeClose?.(handle);
      } catch (error) {
        this.options.logger.error({ err: errorText(error) }, 'device shutdown step failed');
      }
      await this.closeQuietly(handle);
    }
    this.setState('stopped', this.lastError);
  }

  /** The live connection, or null while down. */
  current(): H | null {
    return this.handle;
  }

  /** A driver saw the connection misbehave (an ambiguous write): drop it and reconnect. */
  fail(handle: H, error: unknown): void {
    if (handle !== this.handle) return;
    this.onLost(error);
  }

  /** Records device activity (a read, a pulse, a passage) for `lastEventAt`. */
  touch(): void {
    this.lastEventAt = new Date(this.clock.now());
  }

  health(): DeviceHealth {
    const { id, kind, driver } = this.options;
    return {
      id,
      kind,
      driver,
      state: this.state,
      since: this.since.toISOString(),
      lastError: this.lastError,
      lastEventAt: this.lastEventAt?.toISOString() ?? null,
      reconnects: this.reconnects,
    };
  }

  private attempt(): Promise<void> {
    this.retryTimer = null;
    const run = this.openOnce().finally(() => {
      if (this.inflight === run) this.inflight = null;
    });
    this.inflight = run;
    return run;
  }

  private async openOnce(): Promise<void> {
    if (this.stopped) return;
    const generation = ++this.generation;
    const current = () => !this.stopped && generation === this.generation;
    let handle: H | null = null;
    let installed = false;
    let lostEarly: { error: unknown } | null = null;
    const loss: LossReporter = {
      lost: (error) => {
        if (!current()) return;
        if (installed) this.onLost(error);
        else lostEarly ??= { error: error ?? new Error('device closed while opening') };
      },
    };
    try {
      handle = await this.options.open(loss);
      if (current()) await this.options.afterOpen?.(handle);
      if (lostEarly) throw (lostEarly as { error: unknown }).error;
    } catch (error) {
      if (handle) await this.closeQuietly(handle);
      if (!current()) return;
      this.setState(openFailureState(error), errorText(error));
      this.scheduleRetry();
      return;
    }
    if (!current()) {
      await this.closeQuietly(handle);
      return;
    }
    installed = true;
    this.handle = handle;
    this.backoff.reset();
    if (this.opened) this.reconnects += 1;
    this.opened = true;
    this.setState('ok', this.lastError);
  }

  private onLost(error: unknown): void {
    const handle = this.handle;
    if (!handle || this.stopped) return;
    this.handle = null;
    this.generation += 1;
    this.setState('down', errorText(error ?? 'device closed'));
    void this.closeQuietly(handle);
    this.scheduleRetry();
  }

  private scheduleRetry(): void {
    this.clearRetry();
    const delay = this.backoff.next();
    this.options.logger.debug({ delayMs: delay }, 'device retry scheduled');
    this.retryTimer = this.clock.setTimeout(() => void this.attempt(), delay);
  }

  private clearRetry(): void {
    if (this.retryTimer !== null) this.clock.clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private async closeQuietly(handle: H): Promise<void> {
    try {
      await handle.close();
    } catch (error) {
      this.options.logger.debug({ err: errorText(error) }, 'device close failed');
    }
  }

  private setState(state: DeviceState, lastError: string | null): void {
    this.lastError = lastError;
    if (state === this.state) return;
    this.state = state;
    this.since = new Date(this.clock.now());
    const lost = state === 'down' || state === 'unavailable';
    const event = lost ? 'device.lost' : state === 'ok' ? 'device.connected' : 'device.state';
    this.options.logger[lost ? 'warn' : 'info']({ event, kind: this.options.kind, state, lastError }, 'device state changed');
  }
}
