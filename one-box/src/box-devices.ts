import { PassThrough } from 'node:stream';
import { createInterface } from 'node:readline';
import type { ReaderConfig } from '@studio/agent/src/devices/config.js';
import { frontDeskReader, frontDoor } from './one-box-keys.js';

/** What is typed to "scan" a card at the simulated front desk reader: `desk 04A1B2C3D4E5F6`. */
export const deskWord = 'desk';
const deskLine = new RegExp(`^\\s*${deskWord}\\s+(\\S.*)$`, 'i');

/**
 * The front desk reader: a real one at `path` (`studio start --desk-reader PATH`), else simulated
 * on the terminal. A USB reader that types (a keyboard wedge) is a hidraw device; anything else is
 * taken as a serial reader printing one card number a line, whatever its line end.
 */
export function deskReaderConfig(path: string | null): ReaderConfig {
  if (path === null) return { id: frontDeskReader, driver: 'stdin', debounce_ms: 1500 };
  if (/hidraw\d+$/.test(path)) return { id: frontDeskReader, driver: 'hid-wedge', path, exclusive: false, idle_timeout_ms: 300, report_id: 'auto', debounce_ms: 1500, max_scan_age_ms: 1000 };
  return { id: frontDeskReader, driver: 'serial-line', path, baud_rate: 9600, delimiter: 'any', idle_timeout_ms: 100, format: 'any', debounce_ms: 1500, max_scan_age_ms: 1000 };
}

/** The simulated front door: its reader types on the terminal, its relay's pulse is a log line. */
export const frontDoorDevices = {
  reader: { id: frontDoor, driver: 'stdin' as const },
  relay: { id: frontDoor, driver: 'log' as const },
  lane: { id: frontDoor, reader: frontDoor, relay: frontDoor, kind: 'turnstile' as const, direction: 'in' as const },
};

export interface TerminalInputs {
  /** Lines for the front door's reader: every line typed but the desk's. */
  door: NodeJS.ReadableStream;
  /** Lines for the simulated desk reader: `desk <number>`, without the word; null with a real desk reader. */
  desk: NodeJS.ReadableStream | null;
  /** Lets go of the terminal (the process may then exit). */
  close(): void;
}

/**
 * One terminal, two simulated readers: a line that starts with `desk` is a card held to the front
 * desk reader, any other a card or member code at the front door. With a real desk reader every
 * line goes to the door, as before there was a desk.
 */
export function splitTerminal(input: NodeJS.ReadableStream, simulatedDesk: boolean): TerminalInputs {
  const door = new PassThrough();
  const desk = simulatedDesk ? new PassThrough() : null;
  const lines = createInterface({ input, crlfDelay: Infinity, terminal: false });
  lines.on('line', (line) => {
    const atDesk = desk ? deskLine.exec(line) : null;
    if (atDesk) desk!.write(`${atDesk[1]}\n`);
    else door.write(`${line}\n`);
  });
  lines.on('close', () => {
    door.end();
    desk?.end();
  });
  return { door, desk, close: () => lines.close() };
}
