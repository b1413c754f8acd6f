import { id12laFrame, rdm6300BinaryFrame, rdm6300Frame } from '@studio/testkit/agent/frames';
import { describe, expect, it } from 'vitest';
import { StxHexFrameDecoder, id12laFormat, rdm6300Format, type DecodedInput } from '../../../src/devices/serial/stx-hex-frames.js';

const STX = 0x02;
const ETX = 0x03;
const CR = 0x0d;
const LF = 0x0a;
const reads = (results: DecodedInput[]) => results.flatMap((r) => (r.kind === 'read' ? [r.identifier] : []));
const hexChars = new Set([...'0123456789ABCDEFabcdef'].map((c) => c.charCodeAt(0)));
const formats = { rdm6300: rdm6300Format, id12la: id12laFormat } as const;
const frameOf = { rdm6300: rdm6300Frame, id12la: id12laFrame } as const;

/** A frame of `data` with one byte replaced. */
function withByte(frame: Buffer, at: number, byte: number): Buffer {
  const copy = Buffer.from(frame);
  copy[at] = byte;
  return copy;
}

describe.each(['rdm6300', 'id12la'] as const)('%s frame rules', (name) => {
  const decode = (bytes: Uint8Array) => new StxHexFrameDecoder(formats[name]).push(bytes);
  const frame = frameOf[name];

  it('a data digit is 0-9, A-F or a-f; any other byte makes the frame malformed', () => {
    for (let byte = 0; byte <= 0xff; byte++) {
      for (const position of [1, 5, 10]) {
        const data = [...'0A008E6D5D'];
        const char = String.fromCharCode(byte);
        data[position - 1] = hexChars.has(byte) ? char : '0';
        // A hex byte gets its own correct checksum, so only the digit itself decides.
        const good = frame(data.join(''));
        const bytes = hexChars.has(byte) ? good : withByte(good, position, byte);
        const results = decode(bytes);
        if (hexChars.has(byte)) expect([byte, position, reads(results)]).toEqual([byte, position, [data.join('').toUpperCase()]]);
        else expect([byte, position, results[0], reads(results)]).toEqual([byte, position, { kind: 'rejected', reason: 'malformed', length: 1 }, []]);
      }
    }
  });

  it('a checksum digit that is not hex makes the frame malformed', () => {
    const good = frame('0A008E6D5D');
    for (const byte of [0x00, 0x2f, 0x3a, 0x40, 0x47, 0x60, 0x67, 0xff]) {
      for (const position of [11, 12]) expect(decode(withByte(good, position, byte))[0]).toEqual({ kind: 'rejected', reason: 'malformed', length: 1 });
    }
  });

  it('lower-case data reads as upper case', () => {
    expect(reads(decode(frame('0a008e6d5d')))).toEqual(['0A008E6D5D']);
  });

  it('a byte other than ETX at the end makes the frame malformed, and nothing is read', () => {
    const good = frame('1122334455');
    for (const byte of [0x00, 0x04, CR, LF, 0x30, 0xff]) {
      const results = decode(withByte(good, good.length - 1, byte));
      expect([byte, results[0], reads(results)]).toEqual([byte, { kind: 'rejected', reason: 'malformed', length: 1 }, []]);
    }
  });

  it('an ETX inside the frame makes it malformed, and the decoder re-syncs on the next STX', () => {
    const good = frame('1122334455');
    for (const position of [3, 10, 11]) {
      const results = decode(Buffer.concat([withByte(good, position, ETX), good]));
      expect(results[0]).toEqual({ kind: 'rejected', reason: 'malformed', length: 1 });
      expect(reads(results)).toEqual(['1122334455']);
    }
  });

  it('one byte of garbage before a frame is counted as one byte', () => {
    expect(decode(Buffer.concat([Buffer.from([0x55]), frame('1122334455')]))).toEqual([
      { kind: 'rejected', reason: 'garbage', length: 1 },
      expect.objectContaining({ kind: 'read', identifier: '1122334455' }),
    ]);
  });

  it('garbage without any STX is all counted, and the next chunk starts clean', () => {
    const decoder = new StxHexFrameDecoder(formats[name]);
    expect(decoder.push(Buffer.from([0x41, 0x42, 0x43, 0x0d, 0x0a]))).toEqual([{ kind: 'rejected', reason: 'garbage', length: 5 }]);
    expect(reads(decoder.push(frame('1122334455')))).toEqual(['1122334455']);
  });

  it('an STX alone waits for more', () => {
    const decoder = new StxHexFrameDecoder(formats[name]);
    expect(decoder.push(Buffer.from([STX]))).toEqual([]);
    expect(reads(decoder.push(frame('1122334455').subarray(1)))).toEqual(['1122334455']);
  });
});

describe('ID-12LA trailer', () => {
  const decode = (bytes: Uint8Array) => new StxHexFrameDecoder(id12laFormat).push(bytes);

  it('reports the whole frame, CR LF included, as raw upper-case hex', () => {
    expect(decode(id12laFrame('0A008E6D5D'))).toEqual([{ kind: 'read', identifier: '0A008E6D5D', raw: '02304130303845364435444234' + '0D0A03' }]);
  });

  it.each([
    ['LF CR', [LF, CR]],
    ['CR CR', [CR, CR]],
    ['LF LF', [LF, LF]],
    ['CR 0', [CR, 0x00]],
    ['0 LF', [0x00, LF]],
  ])('a frame ending %s instead of CR LF is malformed', (_, trailer) => {
    const good = id12laFrame('1122334455');
    const bad = Buffer.concat([good.subarray(0, 13), Buffer.from(trailer), Buffer.from([ETX])]);
    const results = decode(bad);
    expect(results[0]).toEqual({ kind: 'rejected', reason: 'malformed', length: 1 });
    expect(reads(results)).toEqual([]);
  });

  it('a frame without CR LF (the RDM6300 layout) is malformed', () => {
    expect(reads(decode(rdm6300Frame('1122334455')))).toEqual([]);
  });

  it('the 13-byte binary-checksum frame is not an ID-12LA frame', () => {
    const results = decode(rdm6300BinaryFrame('1122334455'));
    expect(results[0]).toEqual({ kind: 'rejected', reason: 'malformed', length: 1 });
    expect(reads(results)).toEqual([]);
  });

  it('an RDM6300 decoder refuses the ID-12LA frame (CR where ETX belongs)', () => {
    expect(reads(new StxHexFrameDecoder(rdm6300Format).push(id12laFrame('1122334455')))).toEqual([]);
  });
});

describe('RDM6300 binary checksum', () => {
  it('waits for the ETX after a binary checksum byte that is no hex digit', () => {
    // XOR of 0A 00 8E 6D 5D is B4: not an ASCII hex digit, so only the ETX tells the frame apart.
    const frame = rdm6300BinaryFrame('0A008E6D5D');
    expect(frame[11]).toBe(0xb4);
    const decoder = new StxHexFrameDecoder(rdm6300Format);
    expect(decoder.push(frame.subarray(0, 12))).toEqual([]);
    expect(decoder.push(frame.subarray(12))).toEqual([{ kind: 'read', identifier: '0A008E6D5D', raw: frame.toString('hex').toUpperCase() }]);
  });

  it('takes a binary checksum byte that happens to be a hex digit as binary when ETX follows', () => {
    // XOR of 11 22 33 44 55 is 11; 0x30 ('0') as a checksum byte belongs to data XORing to 0x30.
    const frame = rdm6300BinaryFrame('3000000000');
    expect(frame[11]).toBe(0x30);
    expect(reads(new StxHexFrameDecoder(rdm6300Format).push(frame))).toEqual(['3000000000']);
  });
});
