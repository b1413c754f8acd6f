import { id12laFrame } from '@studio/testkit/agent/frames';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lineFormat } from '../../../src/devices/serial/line-format.js';
import { createSerialReader, type SerialDecoding } from '../../../src/devices/serial/serial-reader.js';
import { id12laFormat } from '../../../src/devices/serial/stx-hex-frames.js';
import type { SupervisedReader } from '../../../src/devices/readers/supervised-reader.js';
import type { CardRead } from '../../../src/devices/types.js';
import { capturingLogger } from '../helpers/logs.js';
import { ManualClock, settle } from '../helpers/manual-clock.js';
import { MockBinding, wrappedMockBinding } from '../helpers/mock-binding.js';

const path = '/dev/ttyREADER';
let reader: SupervisedReader | null = null;

afterEach(async () => {
  await reader?.stop();
  reader = null;
  MockBinding.reset();
});

async function setup(driver: string, decoding: SerialDecoding, clock?: ManualClock) {
  MockBinding.createPort(path);
  const mock = wrappedMockBinding();
  const logs = capturingLogger();
  reader = createSerialReader({ id: 'desk', driver, serial: { path, baudRate: 9600, binding: mock.binding }, decoding, debounceMs: 1500, logger: logs.logger, clock });
  const reads: CardRead[] = [];
  reader.onRead((read) => reads.push(read));
  await reader.start();
  const emit = (data: Buffer | string) => mock.lastPort()!.emitData(data);
  return { reader, reads, emit, logs };
}

const lines = (format = lineFormat('any'), ending: 'any' | 'lf' | 'crlf' | 'cr' = 'any', idleMs = 100): SerialDecoding => ({ kind: 'lines', ending, idleMs, format });

describe('serial readers on the mock binding', () => {
  it('serial-line: one read per line, W26 as printed, split lines reassembled', async () => {
    const { reader, reads, emit } = await setup('serial-line', lines());
    expect(reader.health()).toMatchObject({ state: 'ok', driver: 'serial-line', kind: 'reader' });
    emit('142,279');
    emit('97\r\n\r\n0009334109\r\n');
    await vi.waitFor(() => expect(reads.map((r) => r.identifier)).toEqual(['142,27997', '0009334109']));
    expect(reads[0]).toMatchObject({ readerId: 'desk', raw: '142,27997' });
  });

  it('serial-line: lines without an identifier are counted, not emitted', async () => {
    const { reader, reads, emit } = await setup('serial-line', lines(lineFormat('decimal')));
    emit('READY\nID 0009334109\n');
    await vi.waitFor(() => expect(reads).toHaveLength(1));
    expect(reader.stats()).toMatchObject({ reads: 1, rejected: 1 });
  });

  it('id12la: frames through the port, repeats debounced, nothing card-like logged', async () => {
    const { reads, emit, logs } = await setup('id12la', { kind: 'frames', format: id12laFormat });
    const frame = id12laFrame('0C000621A5');
    emit(Buffer.concat([frame, frame, frame.subarray(0, 7)]));
    emit(frame.subarray(7));
    await vi.waitFor(() => expect(reads.map((r) => r.identifier)).toEqual(['0C000621A5']));
    expect(reads[0]!.raw).toBe(frame.toString('hex').toUpperCase());
    expect(logs.text()).toContain('card read');
    expect(logs.text()).not.toContain('0C000621A5');
    expect(logs.text().toUpperCase()).not.toContain(frame.toString('hex').toUpperCase());
  });
});

describe('serial-line: line ends, the idle gap and the scan age (injected clock)', () => {
  // The mock binding delivers emitted data on a later turn: `settle` lets it arrive without moving the clock.
  const send = async (emit: (data: string) => void, data: string) => {
    emit(data);
    await settle();
  };

  it('by default a CR-only, an LF-only and a CR LF reader each make one read at once, with no gap waited for', async () => {
    const clock = new ManualClock();
    const { reads, emit } = await setup('serial-line', lines(lineFormat('any'), 'any', 0), clock);
    await send(emit, '0009334109\r');
    expect(reads.map((r) => r.identifier)).toEqual(['0009334109']);
    await send(emit, '0013961168\n');
    await send(emit, '142,27997\r\n');
    expect(reads.map((r) => r.identifier)).toEqual(['0009334109', '0013961168', '142,27997']);
  });

  it('a CR-only reader on the LF setting makes its read on the idle gap, not with the next card', async () => {
    const clock = new ManualClock();
    const { reads, emit } = await setup('serial-line', lines(lineFormat('any'), 'lf', 100), clock);
    await send(emit, '0009334109\r');
    await clock.advance(99);
    expect(reads).toEqual([]);
    await clock.advance(1);
    expect(reads.map((r) => r.identifier)).toEqual(['0009334109']);
  });

  it('a reader that prints no line end makes its read on the idle gap; bytes still arriving hold it', async () => {
    const clock = new ManualClock();
    const { reads, emit } = await setup('serial-line', lines(lineFormat('decimal'), 'any', 100), clock);
    await send(emit, '00093');
    await clock.advance(60);
    await send(emit, '34109');
    await clock.advance(60);
    expect(reads).toEqual([]);
    await clock.advance(40);
    expect(reads.map((r) => r.identifier)).toEqual(['0009334109']);
  });

  it('drops a scan whose first byte arrived more than a second before its line ended, and counts it without logging the number', async () => {
    const clock = new ManualClock();
    const { reader, reads, emit, logs } = await setup('serial-line', lines(lineFormat('any'), 'lf', 0), clock);
    await send(emit, '0009334109\r');
    await clock.advance(4300); // the next card's LF, 4.3 s later (the held-scan bug)
    await send(emit, '\n');
    expect(reads).toEqual([]);
    expect(reader.stats()).toMatchObject({ reads: 0, stale: 1 });
    expect(logs.text()).toContain('too late');
    expect(logs.text()).toContain('"ageMs":4300');
    expect(logs.text()).not.toContain('0009334109');
    // Exactly at the limit it is still acted on.
    await send(emit, '0013961168');
    await clock.advance(1000);
    await send(emit, '\n');
    expect(reads.map((r) => r.identifier)).toEqual(['0013961168']);
  });
});

describe('serial readers: unreadable input in health', () => {
  it('goes degraded with a hint after 3 unreadable frames, logs the first 3 at info without bytes, and is ok again after a good read', async () => {
    const { reader, reads, emit, logs } = await setup('id12la', { kind: 'frames', format: id12laFormat });
    const bad = id12laFrame('0C000621A5');
    bad[11] = 0x30; // a wrong checksum digit: a well-formed frame that does not check
    emit(bad);
    emit(bad);
    await vi.waitFor(() => expect(reader.stats().rejected).toBe(2));
    expect(reader.health()).toMatchObject({ state: 'ok', hint: null });
    for (let i = 0; i < 10; i += 1) emit(bad);
    await vi.waitFor(() => expect(reader.stats().rejected).toBe(12));
    expect(reader.health()).toMatchObject({
      state: 'degraded',
      hint: "12 unreadable frames or lines since the last good read: check the reader's driver, baud rate and line ending",
    });
    const infoLines = logs.lines.filter((line) => line.includes('"level":30') && line.includes('reader input unreadable'));
    expect(infoLines).toHaveLength(3);
    expect(infoLines[0]).toContain('"reason":"checksum"');
    expect(logs.lines.filter((line) => line.includes('"level":40') && line.includes('reader degraded'))).toHaveLength(1);
    expect(logs.text()).not.toContain('0C000621A5');
    expect(logs.text().toUpperCase()).not.toContain(bad.toString('hex').toUpperCase());

    emit(id12laFrame('0C000621A5'));
    await vi.waitFor(() => expect(reads).toHaveLength(1));
    expect(reader.health()).toMatchObject({ state: 'ok', hint: null });
  });

  it('a line reader on the wrong baud rate (bytes that never make a line) goes degraded too', async () => {
    const clock = new ManualClock();
    const { reader, reads, emit } = await setup('serial-line', lines(lineFormat('decimal'), 'any', 100), clock);
    for (let i = 0; i < 3; i += 1) {
      emit(Buffer.from([0xf8, 0x80, 0xfe, 0x0d])); // what 9600 baud makes of a 115200 baud line
      await settle();
    }
    expect(reads).toEqual([]);
    expect(reader.stats().rejected).toBe(3);
    expect(reader.health()).toMatchObject({ state: 'degraded' });
    expect(reader.health().hint).toContain('3 unreadable');
  });
});
