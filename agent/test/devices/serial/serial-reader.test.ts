import { afterEach, describe, expect, it, vi } from 'vitest';
import { lineFormat } from '../../../src/devices/serial/line-format.js';
import { createSerialReader, type SerialDecoding } from '../../../src/devices/serial/serial-reader.js';
import { id12laFormat } from '../../../src/devices/serial/stx-hex-frames.js';
import type { SupervisedReader } from '../../../src/devices/readers/supervised-reader.js';
import type { CardRead } from '../../../src/devices/types.js';
import { id12laFrame } from '../helpers/frames.js';
import { capturingLogger } from '../helpers/logs.js';
import { MockBinding, wrappedMockBinding } from '../helpers/mock-binding.js';

const path = '/dev/ttyREADER';
let reader: SupervisedReader | null = null;

afterEach(async () => {
  await reader?.stop();
  reader = null;
  MockBinding.reset();
});

async function setup(driver: string, decoding: SerialDecoding) {
  MockBinding.createPort(path);
  const mock = wrappedMockBinding();
  const logs = capturingLogger();
  reader = createSerialReader({ id: 'desk', driver, serial: { path, baudRate: 9600, binding: mock.binding }, decoding, debounceMs: 1500, logger: logs.logger });
  const reads: CardRead[] = [];
  reader.onRead((read) => reads.push(read));
  await reader.start();
  const emit = (data: Buffer | string) => mock.lastPort()!.emitData(data);
  return { reader, reads, emit, logs };
}

describe('serial readers on the mock binding', () => {
  it('serial-line: one read per line, W26 as printed, split lines reassembled', async () => {
    const { reader, reads, emit } = await setup('serial-line', { kind: 'lines', delimiter: '\n', format: lineFormat('any') });
    expect(reader.health()).toMatchObject({ state: 'ok', driver: 'serial-line', kind: 'reader' });
    emit('142,279');
    emit('97\r\n\r\n0009334109\r\n');
    await vi.waitFor(() => expect(reads.map((r) => r.identifier)).toEqual(['142,27997', '0009334109']));
    expect(reads[0]).toMatchObject({ readerId: 'desk', raw: '142,27997' });
  });

  it('serial-line: lines without an identifier are counted, not emitted', async () => {
    const { reader, reads, emit } = await setup('serial-line', { kind: 'lines', delimiter: '\n', format: lineFormat('decimal') });
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
