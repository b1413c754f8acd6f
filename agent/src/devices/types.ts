/**
 * The ports every device driver implements (docs/hardware.md §6.4). The gate, the health endpoint and
 * the tests see only these; a factory picks the real driver (node-hid, serialport) or a fake.
 */

/** One card or fob presented at a reader. */
export interface CardRead {
  /** Which configured reader saw it. */
  readerId: string;
  /**
   * The identifier as the server and the offline cache take it: the text the reader printed
   * (decimal or hex digits, `FFF,CCCCC`, a member code), trimmed. Sent as `identifier` to
   * `POST /members/resolve` and matched offline through the shared `candidateKeys`.
   * Never logged: it is a raw card number.
   */
  identifier: string;
  /** The frame or keystrokes as received, hex or text, for diagnostics; never logged either. */
  raw: string;
  at: Date;
}

/** `degraded`: connected, but what it sends makes no reads (a reader; `hint` says what to check). */
export type DeviceState = 'starting' | 'ok' | 'degraded' | 'down' | 'unavailable' | 'stopped';

/** What the health endpoint reports per device. */
export interface DeviceHealth {
  id: string;
  kind: 'reader' | 'relay' | 'sensor';
  driver: string;
  /** `unavailable`: a system library or the device itself is missing; retried, never a crash. */
  state: DeviceState;
  since: string;
  lastError: string | null;
  lastEventAt: string | null;
  reconnects: number;
  /** What to check when `degraded`, e.g. the reader's driver, baud rate and line ending; null otherwise. */
  hint?: string | null;
}

export interface Device {
  readonly id: string;
  /** Opens the device and keeps it open (reconnecting with backoff); resolves once started, even when the device is absent. */
  start(): Promise<void>;
  /** Closes the device and clears every timer and listener. */
  stop(): Promise<void>;
  health(): DeviceHealth;
}

export interface CardReader extends Device {
  /** Returns the unsubscribe function. Same-card repeats within the debounce window are not emitted. */
  onRead(listener: (read: CardRead) => void): () => void;
}

export interface Relay extends Device {
  /**
   * Energises the channel for `ms` then releases it. One pulse per grant: after an ambiguous
   * write error it rejects and never retries (a retry could admit two people). An independent
   * max-on guard releases the channel even if the timer path fails. `onEnergised` runs once the
   * `on` command is written (the door is opening), before the pulse's wait (it must not throw); a
   * relay that cannot tell may never call it, and the caller then takes the resolved pulse for it.
   */
  pulse(ms: number, onEnergised?: () => void): Promise<void>;
  /** Every channel off (called at start and stop); writes nothing when every channel is known off. */
  allOff(): Promise<void>;
}

export interface PassageSensor extends Device {
  onPassage(listener: (at: Date) => void): () => void;
}
