import { SerialPort } from 'serialport';

/**
 * The device side of a pty pair: a test plays the RDM6300 or the LCUS board on it. Collects what
 * the agent wrote and writes what the device would send.
 */
export class EmulatedDevicePort {
  readonly received: Buffer[] = [];
  /** The same chunks with the time each arrived (ms since the epoch): when the board switched. */
  readonly timed: { at: number; bytes: Buffer }[] = [];
  private constructor(private readonly port: SerialPort) {
    port.on('data', (chunk: Buffer) => {
      this.received.push(chunk);
      this.timed.push({ at: Date.now(), bytes: chunk });
    });
    port.on('error', () => undefined);
  }

  static async open(path: string): Promise<EmulatedDevicePort> {
    const port = new SerialPort({ path, baudRate: 9600, autoOpen: false });
    await new Promise<void>((resolve, reject) => port.open((error) => (error ? reject(error) : resolve())));
    return new EmulatedDevicePort(port);
  }

  bytes(): Buffer {
    return Buffer.concat(this.received);
  }

  async send(bytes: Uint8Array): Promise<void> {
    await new Promise<void>((resolve, reject) => this.port.write(Buffer.from(bytes), (error) => (error ? reject(error) : resolve())));
    await new Promise<void>((resolve, reject) => this.port.drain((error) => (error ? reject(error) : resolve())));
  }

  async close(): Promise<void> {
    if (!this.port.isOpen) return;
    await new Promise<void>((resolve) => this.port.close(() => resolve()));
  }
}
