import { afterEach, describe, expect, it } from 'vitest';
import { createWedgeReader } from '../../../src/devices/hid/wedge-reader.js';
import type { CardRead, CardReader } from '../../../src/devices/types.js';
import { FakeHidOpener } from '../helpers/fake-hid.js';
import { typed } from '../helpers/keyboard.js';
import { capturingLogger, silentLogger } from '../helpers/logs.js';
import { ManualClock } from '../helpers/manual-clock.js';

let reader: CardReader | null = null;
afterEach(async () => {
  await reader?.stop();
  reader = null;
});

function setup(options: { idleTimeoutMs?: number; logger?: ReturnType<typeof capturingLogger>['logger'] } = {}) {
  const clock = new ManualClock();
  const opener = new FakeHidOpener();
  const created = createWedgeReader({
    id: 'door',
    target: { vendorId: 0xffff, productId: 0x0035 },
    opener,
    debounceMs: 1500,
    idleTimeoutMs: options.idleTimeoutMs ?? 300,
    logger: options.logger ?? silentLogger,
    clock,
    random: () => 1,
  });
  reader = created;
  const reads: CardRead[] = [];
  created.onRead((read) => reads.push(read));
  return { clock, opener, reader: created, reads };
}

const typeInto = (opener: FakeHidOpener, reports: number[][]) => reports.forEach((r) => opener.last.report(r));

describe('HID keyboard-wedge reader', () => {
  it('emits the typed identifier with the reader id once Enter arrives', async () => {
    const { opener, reader, reads } = setup();
    await reader.start();
    expect(opener.last.target).toEqual({ vendorId: 0xffff, productId: 0x0035 });
    typeInto(opener, typed('0009334109'));
    expect(reads).toMatchObject([{ readerId: 'door', identifier: '0009334109', raw: '0009334109' }]);
    expect(reader.health().lastEventAt).not.toBeNull();
  });

  it('ends a read on the idle timeout for readers that send no Enter', async () => {
    const { clock, opener, reader, reads } = setup({ idleTimeoutMs: 300 });
    await reader.start();
    typeInto(opener, typed('0009334109', { enter: null }));
    await clock.advance(299);
    expect(reads).toEqual([]);
    await clock.advance(1);
    expect(reads.map((r) => r.identifier)).toEqual(['0009334109']);
  });

  it('with idle timeout 0 waits for Enter', async () => {
    const { clock, opener, reader, reads } = setup({ idleTimeoutMs: 0 });
    await reader.start();
    typeInto(opener, typed('123', { enter: null }));
    await clock.advance(10_000);
    expect(reads).toEqual([]);
    expect(clock.pending()).toBe(0);
  });

  it('drops a read whose first key came more than a second before its Enter; the next card counts from its own first key', async () => {
    const { clock, opener, reader, reads } = setup({ idleTimeoutMs: 0 });
    await reader.start();
    typeInto(opener, typed('0009334109', { enter: null })); // a reader that sends no Enter, on "Enter only"
    await clock.advance(4300);
    typeInto(opener, typed('', { enter: 0x28 })); // the next Enter, 4.3 s later
    expect(reads).toEqual([]);
    expect(reader.stats().stale).toBe(1);
    typeInto(opener, typed('001396', { enter: null }));
    await clock.advance(1000);
    typeInto(opener, typed('1168'));
    expect(reads.map((r) => r.identifier)).toEqual(['0013961168']);
  });

  it('debounces the same card within the window', async () => {
    const { clock, opener, reader, reads } = setup();
    await reader.start();
    typeInto(opener, typed('0009334109'));
    await clock.advance(1000);
    typeInto(opener, typed('0009334109'));
    typeInto(opener, typed('0013961168'));
    await clock.advance(2000);
    typeInto(opener, typed('0009334109'));
    expect(reads.map((r) => r.identifier)).toEqual(['0009334109', '0013961168', '0009334109']);
  });

  it('goes down on node-hid’s string error (unplug) and reads again after the replug, same reader object', async () => {
    const { clock, opener, reader, reads } = setup();
    await reader.start();
    opener.present = false;
    const first = opener.last;
    first.unplug();
    expect(reader.health()).toMatchObject({ state: 'down', lastError: 'could not read from HID device' });
    expect(first.closed).toBe(true);
    await clock.advance(500);
    expect(reader.health().state).toBe('unavailable');
    opener.present = true;
    await clock.advance(1000);
    expect(reader.health()).toMatchObject({ state: 'ok', reconnects: 1 });
    expect(opener.devices).toHaveLength(2);
    typeInto(opener, typed('0009334109'));
    expect(reads).toHaveLength(1);
  });

  it('contains a throwing listener: it is logged, the other listeners still get the read', async () => {
    const logs = capturingLogger();
    const { opener, reader, reads } = setup({ logger: logs.logger });
    reader.onRead(() => {
      throw new Error('gate exploded');
    });
    const after: CardRead[] = [];
    reader.onRead((read) => after.push(read));
    await reader.start();
    typeInto(opener, typed('0009334109'));
    expect(reads).toHaveLength(1);
    expect(after).toHaveLength(1);
    expect(logs.text()).toContain('device listener failed');
  });

  it('never logs the identifier or the keystrokes', async () => {
    const logs = capturingLogger();
    const { opener, reader, reads } = setup({ logger: logs.logger });
    await reader.start();
    typeInto(opener, typed('0009334109'));
    expect(reads).toHaveLength(1);
    expect(logs.text()).toContain('card read');
    expect(logs.text()).not.toContain('0009334109');
  });

  it('stops listening after stop(): no read, no timer', async () => {
    const { clock, opener, reader, reads } = setup();
    await reader.start();
    typeInto(opener, typed('12', { enter: null }));
    await reader.stop();
    expect(opener.last.closed).toBe(true);
    expect(clock.pending()).toBe(0);
    expect(reader.health().state).toBe('stopped');
    expect(reads).toEqual([]);
  });
});
