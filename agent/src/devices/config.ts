import { z } from 'zod';

/**
 * The `devices` section of the agent config: the single source of the device layer's defaults and
 * their documentation. Each reader, relay and sensor picks its driver with `driver`.
 */

const id = z.string().min(1).max(100).describe('unique within its list; lanes refer to it');
const serialPath = z.string().min(1).describe('serial device; prefer a stable /dev/serial/by-path/… or udev symlink (docs/hardware.md §2.1, §4.2)');
const baudRate = (rate: number) => z.number().int().positive().default(rate).describe(`serial speed, default ${rate}`);
const ms = (value: number, what: string) => z.number().int().min(0).max(600_000).default(value).describe(`${what}; default ${value} ms`);

const usbId = z
  .union([
    z.number().int().min(0).max(0xffff),
    z
      .string()
      .regex(/^(0x)?[0-9a-f]{4}$/i)
      .transform((hex) => Number.parseInt(hex.replace(/^0x/i, ''), 16)),
  ])
  .describe('a USB id as a number or 4 hex digits, e.g. "16c0"');
const UsbIds = z.strictObject({ vendor_id: usbId, product_id: usbId });

const debounceMs = ms(1500, 'the same identifier from this reader within this window is one read');
const maxScanAgeMs = z
  .number()
  .int()
  .min(100)
  .max(10_000)
  .default(1000)
  .describe('a scan whose first byte arrived longer ago than this is dropped, never acted on (the person may have walked away); default 1000 ms');
const relaySafety = {
  max_on_ms: z.number().int().min(20).max(120_000).default(30_000).describe('longest pulse accepted, default 30000 ms; longer requests are refused'),
  guard_grace_ms: ms(1000, 'the independent guard forces the channel off this long after a pulse should have ended'),
  write_timeout_ms: ms(1000, 'a write still pending after this long counts as failed (and is never retried)'),
};

const HidWedgeReader = z
  .strictObject({
    id,
    driver: z.literal('hid-wedge'),
    path: z.string().min(1).optional().describe('hidraw path (/dev/hidrawN) or, with exclusive, a libusb path (bus:device:interface)'),
    usb: UsbIds.optional().describe('open the first device with these ids instead of a path'),
    exclusive: z
      .boolean()
      .default(false)
      .describe('detach the kernel keyboard driver (node-hid libusb backend) so card numbers are not typed into the console; process-wide (docs/hardware.md §1.1.3)'),
    idle_timeout_ms: ms(300, 'ends a read when no key follows, for readers that send no Enter; 0 = Enter only'),
    report_id: z.enum(['auto', 'present', 'absent']).default('auto').describe('whether reports start with a report id; auto: 9-byte reports do (docs/hardware.md §1.1.1)'),
    debounce_ms: debounceMs,
    max_scan_age_ms: maxScanAgeMs,
  })
  .refine((reader) => (reader.path === undefined) !== (reader.usb === undefined), { message: 'give exactly one of path or usb', path: ['path'] });

const FramedSerialReader = <D extends 'rdm6300' | 'id12la'>(driver: D) => z.strictObject({ id, driver: z.literal(driver), path: serialPath, baud_rate: baudRate(9600), debounce_ms: debounceMs });

const SerialLineReader = z.strictObject({
  id,
  driver: z.literal('serial-line'),
  path: serialPath,
  baud_rate: baudRate(9600),
  delimiter: z.enum(['any', 'lf', 'crlf', 'cr']).default('any').describe('line end; any (default): CR, LF or CR LF; a line without one ends on the idle gap'),
  idle_timeout_ms: ms(100, 'ends a line when no byte follows, for readers that print no line end (or another one); 0 = line ends only'),
  format: z.enum(['any', 'decimal', 'hex', 'w26']).default('any').describe('what to take from a line: the whole line, the first digit run, 8+ hex digits, or a W26 "FFF,CCCCC"'),
  pattern: z
    .string()
    .refine((source) => compiles(source), { message: 'not a valid regular expression' })
    .optional()
    .describe('a regex overriding format; group 1 (or the whole match) is the identifier'),
  debounce_ms: debounceMs,
  max_scan_age_ms: maxScanAgeMs,
});

const StdinReader = z.strictObject({ id, driver: z.literal('stdin'), debounce_ms: debounceMs });

export const ReaderConfig = z.discriminatedUnion('driver', [HidWedgeReader, FramedSerialReader('rdm6300'), FramedSerialReader('id12la'), SerialLineReader, StdinReader]);
export type ReaderConfig = z.output<typeof ReaderConfig>;

const channel = z.number().int().min(1).max(8).default(1).describe('relay channel on the board, default 1');

const LcusRelay = z.strictObject({
  id,
  driver: z.literal('lcus'),
  path: serialPath,
  baud_rate: baudRate(9600),
  channel,
  board_channels: z.number().int().min(1).max(8).optional().describe('channels on the board, all switched off at start and stop; default: channel'),
  command_gap_ms: ms(50, 'pause between the commands of an all-off'),
  ...relaySafety,
});

const HidRelay = z.strictObject({
  id,
  driver: z.literal('hid-relay'),
  path: z.string().min(1).optional().describe('hidraw path; default: the first device matching usb'),
  usb: UsbIds.default({ vendor_id: 0x16c0, product_id: 0x05df }).describe('default 16c0:05df, the dcttech boards (docs/hardware.md §2.2)'),
  channel,
  verify_state: z.boolean().default(true).describe('read the state back after every write (USBRelayN boards; turn off for "HIDRelay" boards without readback)'),
  ...relaySafety,
});

const SerialDtrRelay = z.strictObject({
  id,
  driver: z.literal('serial-dtr'),
  path: serialPath,
  baud_rate: baudRate(9600),
  line: z.enum(['dtr', 'rts']).default('dtr').describe('the modem line driving the relay; the other is held low'),
  active_low: z.boolean().default(false).describe('energised while the line is de-asserted (avoids the click when Linux raises DTR at open; docs/hardware.md §2.3)'),
  ...relaySafety,
});

const LogRelay = z.strictObject({ id, driver: z.literal('log'), ...relaySafety });

export const RelayConfig = z.discriminatedUnion('driver', [LcusRelay, HidRelay, SerialDtrRelay, LogRelay]);
export type RelayConfig = z.output<typeof RelayConfig>;

const ModemLineSensor = z.strictObject({
  id,
  driver: z.literal('serial-modem-line'),
  path: serialPath,
  baud_rate: baudRate(9600),
  line: z.enum(['cts', 'dsr', 'dcd']).default('cts').describe('the input line the turnstile PASS contact drives'),
  active_low: z.boolean().default(false).describe('a passage de-asserts the line instead of asserting it'),
  poll_ms: ms(50, 'how often the line is read'),
  holdoff_ms: ms(500, 'edges this soon after a passage are contact bounce'),
});

export const SensorConfig = z.discriminatedUnion('driver', [ModemLineSensor]);
export type SensorConfig = z.output<typeof SensorConfig>;

function uniqueIds(list: readonly { id: string }[], path: string, ctx: z.RefinementCtx): void {
  const seen = new Set<string>();
  list.forEach((item, index) => {
    if (seen.has(item.id)) ctx.addIssue({ code: 'custom', path: [path, index, 'id'], message: `duplicate id "${item.id}"` });
    seen.add(item.id);
  });
}

export const DevicesConfig = z
  .strictObject({
    readers: z.array(ReaderConfig).default([]),
    relays: z.array(RelayConfig).default([]),
    sensors: z.array(SensorConfig).default([]),
  })
  .superRefine((devices, ctx) => {
    uniqueIds(devices.readers, 'readers', ctx);
    uniqueIds(devices.relays, 'relays', ctx);
    uniqueIds(devices.sensors, 'sensors', ctx);
  });
export type DevicesConfig = z.output<typeof DevicesConfig>;

function compiles(source: string): boolean {
  try {
    new RegExp(source);
    return true;
  } catch {
    return false;
  }
}
