import type { CardRead, CardReader, DeviceHealth, Relay } from '@studio/agent/src/devices/types.js';

function healthOf(id: string, kind: DeviceHealth['kind'], driver: string): DeviceHealth {
  return { id, kind, driver, state: 'ok', since: new Date(0).toISOString(), lastError: null, lastEventAt: null, reconnects: 0 };
}

/** A reader the test presents cards to. */
export class FakeReader implements CardReader {
  private readonly listeners = new Set<(read: CardRead) => void>();
  started = false;

  constructor(readonly id = 'reader-1') {}

  async start(): Promise<void> {
    this.started = true;
  }

  async stop(): Promise<void> {
    this.started = false;
    this.listeners.clear();
  }

  health(): DeviceHealth {
    return healthOf(this.id, 'reader', 'fake');
  }

  onRead(listener: (read: CardRead) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  present(identifier: string, at = new Date()): void {
    for (const listener of this.listeners) listener({ readerId: this.id, identifier, raw: identifier, at });
  }

  get listenerCount(): number {
    return this.listeners.size;
  }
}

/** A relay that records its pulses. */
export class FakeRelay implements Relay {
  readonly pulses: number[] = [];
  allOffCalls = 0;
  failNextPulse = false;

  constructor(readonly id = 'relay-1') {}

  async start(): Promise<void> {}
  async stop(): Promise<void> {}

  health(): DeviceHealth {
    return healthOf(this.id, 'relay', 'fake');
  }

  async pulse(ms: number): Promise<void> {
    this.pulses.push(ms);
    if (this.failNextPulse) {
      this.failNextPulse = false;
      throw new Error('write failed (ambiguous)');
    }
  }

  async allOff(): Promise<void> {
    this.allOffCalls++;
  }
}
