import { SerialPort } from 'serialport';
import type { LossReporter } from '../supervision/supervisor.js';
import { hangupAwareBinding } from './hangup-aware-binding.js';

export interface SerialSettings {
  path: string;
  baudRate: number;
  /**
   * A serialport binding other than the platform's, e.g. `MockBinding` from
   * `@serialport/binding-mock` in tests (docs/hardware.md §4.3). Opaque here: serialport checks it.
   */
  binding?: unknown;
}

/**
 * Opens a port and resolves once it is open (zigbee-herdsman's pattern, docs/hardware.md §4.5:
 * `autoOpen: false` + awaited open, loss listeners attached only after open). A new SerialPort per
 * connection: a half frame from the previous connection is never parsed into the next.
 */
export async function openSerialPort(settings: SerialSettings, loss: LossReporter): Promise<SerialPort> {
  const options = { path: settings.path, baudRate: settings.baudRate, autoOpen: false, binding: settings.binding ?? hangupAwareBinding };
  // SerialPort's type hides `binding`, but it spreads our options over its default (serialport/dist/serialport.js).
  const port = new SerialPort(options as ConstructorParameters<typeof SerialPort>[0]);
  await new Promise<void>((resolve, reject) => port.open((error) => (error ? reject(error) : resolve())));
  // A disconnect closes the stream with a DisconnectedError; it is only noticed while a read is in
  // flight, so every driver keeps the port flowing (docs/hardware.md §4.1).
  port.on('close', (error?: Error | null) => loss.lost(error ?? new Error('serial port closed')));
  port.on('error', (error) => loss.lost(error));
  return port;
}

/** Closes without throwing; the `error` listener stays so a late error can't go unhandled. */
export async function closeSerialPort(port: SerialPort): Promise<void> {
  port.removeAllListeners('close');
  port.removeAllListeners('data');
  port.removeAllListeners('error');
  port.on('error', () => undefined);
  if (!port.isOpen) return;
  await new Promise<void>((resolve) => port.close(() => resolve()));
}

/** Writes and waits until the OS has taken the bytes (`drain`), so a resolved write was sent. */
export function writeSerial(port: SerialPort, bytes: Uint8Array): Promise<void> {
  return new Promise((resolve, reject) => {
    port.write(Buffer.from(bytes), (writeError) => {
      if (writeError) return reject(writeError);
      port.drain((drainError) => (drainError ? reject(drainError) : resolve()));
    });
  });
}

/**
 * Sets DTR and RTS together: serialport's `set()` fills every flag you omit with its default
 * (`dtr: true, rts: true`), so `set({ dtr: false })` would also raise RTS (docs/hardware.md §0.3, §2.3).
 */
export function setModemLines(port: SerialPort, lines: { dtr: boolean; rts: boolean }): Promise<void> {
  return new Promise((resolve, reject) => port.set({ dtr: lines.dtr, rts: lines.rts }, (error) => (error ? reject(error) : resolve())));
}

export type ModemStatus = { cts: boolean; dsr: boolean; dcd: boolean };

export function getModemStatus(port: SerialPort): Promise<ModemStatus> {
  return new Promise((resolve, reject) => port.get((error, status) => (error || !status ? reject(error ?? new Error('no modem status')) : resolve(status))));
}
