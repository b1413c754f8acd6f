import { describe, expect, it } from 'vitest';
import { DevicesConfig, ReaderConfig, RelayConfig, SensorConfig } from '../../src/devices/config.js';

const problems = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];

describe('devices config', () => {
  it('defaults every list to empty', () => {
    expect(DevicesConfig.parse({})).toEqual({ readers: [], relays: [], sensors: [] });
  });

  it('fills the simulation drivers from an id alone', () => {
    const devices = DevicesConfig.parse({ readers: [{ id: 'stdin', driver: 'stdin' }], relays: [{ id: 'log', driver: 'log' }] });
    expect(devices.readers[0]).toEqual({ id: 'stdin', driver: 'stdin', debounce_ms: 1500 });
    expect(devices.relays[0]).toEqual({ id: 'log', driver: 'log', max_on_ms: 30_000, guard_grace_ms: 1000, write_timeout_ms: 1000 });
  });

  it('documents and defaults the serial readers', () => {
    expect(ReaderConfig.parse({ id: 'r', driver: 'rdm6300', path: '/dev/ttyUSB0' })).toEqual({ id: 'r', driver: 'rdm6300', path: '/dev/ttyUSB0', baud_rate: 9600, debounce_ms: 1500 });
    expect(ReaderConfig.parse({ id: 'r', driver: 'serial-line', path: '/dev/ttyACM0' })).toMatchObject({
      delimiter: 'any',
      idle_timeout_ms: 100,
      max_scan_age_ms: 1000,
      format: 'any',
      baud_rate: 9600,
    });
  });

  it('takes a wedge by path or by usb ids (numbers or hex strings), exactly one', () => {
    expect(ReaderConfig.parse({ id: 'w', driver: 'hid-wedge', usb: { vendor_id: 'ffff', product_id: '0x0035' } })).toMatchObject({
      usb: { vendor_id: 0xffff, product_id: 0x35 },
      exclusive: false,
      idle_timeout_ms: 300,
      report_id: 'auto',
    });
    expect(ReaderConfig.safeParse({ id: 'w', driver: 'hid-wedge', path: '/dev/hidraw0' }).success).toBe(true);
    expect(problems(ReaderConfig.safeParse({ id: 'w', driver: 'hid-wedge' }))).toEqual(['path: give exactly one of path or usb']);
  });

  it('defaults the relays: LCUS channel 1, HID relay 16c0:05df with read-back, DTR active-high', () => {
    expect(RelayConfig.parse({ id: 'l', driver: 'lcus', path: '/dev/ttyUSB1' })).toMatchObject({ channel: 1, baud_rate: 9600, command_gap_ms: 50 });
    expect(RelayConfig.parse({ id: 'h', driver: 'hid-relay' })).toMatchObject({ usb: { vendor_id: 0x16c0, product_id: 0x05df }, channel: 1, verify_state: true });
    expect(RelayConfig.parse({ id: 'd', driver: 'serial-dtr', path: '/dev/ttyUSB2' })).toMatchObject({ line: 'dtr', active_low: false });
    expect(SensorConfig.parse({ id: 's', driver: 'serial-modem-line', path: '/dev/ttyUSB3' })).toMatchObject({ line: 'cts', poll_ms: 50, holdoff_ms: 500 });
  });

  it('reports every problem with its path', () => {
    const result = DevicesConfig.safeParse({
      readers: [
        { id: 'a', driver: 'rdm6300', path: '/dev/ttyUSB0' },
        { id: 'a', driver: 'serial-line', path: '/dev/ttyUSB1', pattern: '(' },
      ],
      relays: [{ id: 'r', driver: 'lcus', path: '/dev/ttyUSB2', channel: 9, extra: true }],
      sensors: [{ id: 's', driver: 'gpio' }],
    });
    const listed = problems(result);
    expect(listed).toContain('readers.1.pattern: not a valid regular expression');
    expect(listed.some((p) => p.startsWith('relays.0.channel:'))).toBe(true);
    expect(listed.some((p) => p.startsWith('relays.0:') && p.includes('extra'))).toBe(true);
    expect(listed.some((p) => p.startsWith('sensors.0.driver:'))).toBe(true);
  });

  it('refuses duplicate ids within a list', () => {
    const result = DevicesConfig.safeParse({
      relays: [
        { id: 'x', driver: 'log' },
        { id: 'x', driver: 'log' },
      ],
    });
    expect(problems(result)).toEqual(['relays.1.id: duplicate id "x"']);
  });

  it('describes every field of every driver', () => {
    const options = [...ReaderConfig.options, ...RelayConfig.options, ...SensorConfig.options];
    const undocumented = options.flatMap((option) =>
      Object.entries(option.shape as Record<string, { description?: string }>)
        .filter(([name, field]) => name !== 'driver' && !field.description)
        .map(([name]) => `${String(option.shape.driver.value)}.${name}`),
    );
    expect(options).toHaveLength(10);
    expect(undocumented).toEqual([]);
  });
});
