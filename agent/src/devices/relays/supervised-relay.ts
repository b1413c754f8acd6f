import type { Logger } from 'pino';
import { DeviceError } from '../errors.js';
import { systemClock, withTimeout, type Clock } from '../supervision/clock.js';
import { errorText } from '../supervision/error-kind.js';
import { DeviceSupervisor, type DeviceHandle, type LossReporter, type SupervisionDeps } from '../supervision/supervisor.js';
import type { DeviceHealth, Relay } from '../types.js';

/** One live connection to a relay board, as each driver implements it. */
export interface RelayHandle extends DeviceHandle {
  /** Energises (true) or releases (false) this relay's channel. Resolves once the board has it. */
  set(on: boolean): Promise<void>;
  /** Every channel of the board off. */
  allOff(): Promise<void>;
}

export interface RelayOptions extends SupervisionDeps {
  id: string;
  driver: string;
  /** Longest pulse accepted; longer requests are refused before anything is written. */
  maxOnMs: number;
  /** The independent guard forces the channel off this long after a pulse should have ended. */
  guardGraceMs: number;
  /** A write still pending after this long counts as failed (ambiguous). */
  writeTimeoutMs: number;
  open(loss: LossReporter): Promise<RelayHandle>;
}

/**
 * The one `Relay` every relay driver is (docs/hardware.md §2.5, §6.4): pulses run one at a time; a pulse
 * is one `on`, then `off` after `ms`; an independent guard timer forces `off` if the normal path did
 * not complete; every fresh connection and `stop()` command all channels off. A failed or timed-out
 * write is ambiguous (the board may have switched): the pulse rejects, is never retried (a retry
 * could admit two people), and the connection is dropped so the reconnect's all-off settles the
 * board. Drivers differ only in `open`.
 */
export class SupervisedRelay implements Relay {
  readonly id: string;
  private readonly supervisor: DeviceSupervisor<RelayHandle>;
  private readonly clock: Clock;
  private readonly logger: Logger;
  /** True from the moment an `on` write starts until an `off` is confirmed: the channel may be on. */
  private energised = false;
  private guardTimer: unknown = null;
  private pulseWait: { timer: unknown; resolve: () => void } | null = null;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: RelayOptions) {
    this.id = options.id;
    this.clock = options.clock ?? systemClock;
    this.logger = options.logger;
    this.supervisor = new DeviceSupervisor({
      ...options,
      kind: 'relay',
      clock: this.clock,
      afterOpen: (handle) => this.settle(handle),
      beforeClose: (handle) => this.settle(handle),
    });
  }

  start(): Promise<void> {
    return this.supervisor.start();
  }

  async stop(): Promise<void> {
    this.endPulseWait();
    await this.supervisor.stop();
    this.clearGuard();
  }

  health(): DeviceHealth {
    return this.supervisor.health();
  }

  pulse(ms: number, onEnergised?: () => void): Promise<void> {
    if (!Number.isFinite(ms) || ms <= 0 || ms > this.options.maxOnMs) {
      return Promise.reject(new DeviceError('RELAY_PULSE_OUT_OF_RANGE', `pulse of ${ms} ms is outside (0, ${this.options.maxOnMs}]`));
    }
    const run = this.queue.then(() => this.runPulse(ms, onEnergised));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /**
   * Every channel off, unless every channel is known off already: each connection is switched all
   * off before it is used (`settle`), and since then every `on` sets `energised` until its `off` is
   * confirmed. Without this the board got a second all-off at connect (the agent's start-up call
   * after the supervisor's) and two more at stop.
   */
  async allOff(): Promise<void> {
    if (!this.energised) return;
    const handle = this.requireHandle();
    await this.write(handle, () => handle.allOff(), 'all-off');
    this.released();
  }

  private async runPulse(ms: number, onEnergised?: () => void): Promise<void> {
    const handle = this.requireHandle();
    this.energised = true;
    this.armGuard(ms + this.options.guardGraceMs);
    await this.write(handle, () => handle.set(true), 'on');
    this.supervisor.touch();
    onEnergised?.();
    this.logger.info({ ms }, 'relay pulse');
    await this.waitPulse(ms);
    // Stopped, all-off, or a new connection (whose all-off ran) released it meanwhile.
    if (!this.energised || this.supervisor.current() !== handle) return;
    await this.write(handle, () => handle.set(false), 'off');
    this.released();
  }

  private async write(handle: RelayHandle, operation: () => Promise<void>, what: string): Promise<void> {
    try {
      const timeout = () => new DeviceError('RELAY_WRITE_TIMEOUT', `relay ${what} write timed out`);
      await withTimeout(this.clock, operation(), this.options.writeTimeoutMs, timeout);
    } catch (error) {
      const failure = new DeviceError('RELAY_WRITE_FAILED', `relay ${what} write failed: ${errorText(error)}`, { cause: error });
      this.logger.error({ write: what, err: errorText(error) }, 'relay write failed; not retried, reconnecting');
      this.supervisor.fail(handle, failure);
      throw failure;
    }
  }

  /** Every channel off on a connection that is not (or no longer) the current one. */
  private async settle(handle: RelayHandle): Promise<void> {
    const timeout = () => new DeviceError('RELAY_WRITE_TIMEOUT', 'relay all-off write timed out');
    await withTimeout(this.clock, handle.allOff(), this.options.writeTimeoutMs, timeout);
    this.released();
  }

  private armGuard(ms: number): void {
    this.clearGuard();
    this.guardTimer = this.clock.setTimeout(() => this.onGuard(), ms);
  }

  private onGuard(): void {
    this.guardTimer = null;
    if (!this.energised) return;
    const handle = this.supervisor.current();
    this.logger.error({ connected: handle !== null }, 'relay max-on guard fired: forcing off');
    if (!handle) return; // the reconnect's all-off releases it
    this.write(handle, () => handle.set(false), 'guard-off').then(
      () => this.released(),
      () => undefined, // logged by write(); the connection is being re-opened
    );
  }

  private released(): void {
    this.energised = false;
    this.clearGuard();
  }

  private clearGuard(): void {
    if (this.guardTimer !== null) this.clock.clearTimeout(this.guardTimer);
    this.guardTimer = null;
  }

  private waitPulse(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = this.clock.setTimeout(() => {
        this.pulseWait = null;
        resolve();
      }, ms);
      this.pulseWait = { timer, resolve };
    });
  }

  private endPulseWait(): void {
    if (!this.pulseWait) return;
    this.clock.clearTimeout(this.pulseWait.timer);
    this.pulseWait.resolve();
    this.pulseWait = null;
  }

  private requireHandle(): RelayHandle {
    const handle = this.supervisor.current();
    if (!handle) throw new DeviceError('RELAY_NOT_CONNECTED', `relay is ${this.supervisor.health().state}`);
    return handle;
  }
}
