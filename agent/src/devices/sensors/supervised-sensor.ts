import { ListenerSet } from '../supervision/listeners.js';
import { systemClock, type Clock } from '../supervision/clock.js';
import { DeviceSupervisor, type DeviceHandle, type LossReporter, type SupervisionDeps } from '../supervision/supervisor.js';
import type { DeviceHealth, PassageSensor } from '../types.js';

export interface SensorSink extends LossReporter {
  passage(): void;
}

export interface SensorOptions extends SupervisionDeps {
  id: string;
  driver: string;
  open(sink: SensorSink): Promise<DeviceHandle>;
}

/** The one `PassageSensor` every sensor driver is: a supervised connection and contained listeners. */
export class SupervisedSensor implements PassageSensor {
  readonly id: string;
  private readonly supervisor: DeviceSupervisor<DeviceHandle>;
  private readonly listeners: ListenerSet<Date>;
  private readonly clock: Clock;

  constructor(options: SensorOptions) {
    this.id = options.id;
    this.clock = options.clock ?? systemClock;
    this.listeners = new ListenerSet(options.logger, 'passage');
    this.supervisor = new DeviceSupervisor({
      ...options,
      kind: 'sensor',
      clock: this.clock,
      open: (loss) => options.open({ lost: loss.lost, passage: () => this.passage() }),
    });
  }

  start(): Promise<void> {
    return this.supervisor.start();
  }

  async stop(): Promise<void> {
    await this.supervisor.stop();
    this.listeners.clear();
  }

  health(): DeviceHealth {
    return this.supervisor.health();
  }

  onPassage(listener: (at: Date) => void): () => void {
    return this.listeners.add(listener);
  }

  private passage(): void {
    this.supervisor.touch();
    this.listeners.emit(new Date(this.clock.now()));
  }
}
