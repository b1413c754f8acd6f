import { id12laFrame, rdm6300BinaryFrame, rdm6300Frame } from '@studio/testkit/agent/frames';
import { describe, expect, it } from 'vitest';
import { StxHexFrameDecoder, id12laFormat, rdm6300Format, type DecodedInput } from '../../../src/devices/serial/stx-hex-frames.js';

// docs/hardware.md §1.2.1: tag 0A 00 8E 6D 5D, checksum B4, verified on the wire.
const docFrame = Buffer.from([0x02, 0x30, 0x41, 0x30, 0x30, 0x38, 0x45, 0x36, 0x44, 0x35, 0x44, 0x42, 0x34, 0x03]);

const reads = (results: DecodedInput[]) => results.flatMap((r) => (r.kind === 'read' ? [r.identifier] : []));
const rejects = (results: DecodedInput[]) => results.flatMap((r) => (r.kind === 'rejected' ? [r.reason] : []));

function feed(decoder: StxHexFrameDecoder, chunks: Uint8Array[]): DecodedInput[] {
  return chunks.flatMap((chunk) => decoder.push(chunk));
}

describe('RDM6300 frames', () => {
  it('decodes the datasheet frame to the 10 upper-case hex digits of the 5 bytes', () => {
    const results = new StxHexFrameDecoder(rdm6300Format).push(docFrame);
    expect(results).toEqual([{ kind: 'read', identifier: '0A008E6D5D', raw: docFrame.toString('hex').toUpperCase() }]);
    expect(rdm6300Frame('0A008E6D5D')).toEqual(docFrame);
  });

  it('reassembles a frame split into single bytes and into uneven chunks', () => {
    const bytes = [...docFrame].map((byte) => Uint8Array.of(byte));
    expect(reads(feed(new StxHexFrameDecoder(rdm6300Format), bytes))).toEqual(['0A008E6D5D']);
    const uneven = [docFrame.subarray(0, 3), docFrame.subarray(3, 12), docFrame.subarray(12)];
    expect(reads(feed(new StxHexFrameDecoder(rdm6300Format), uneven))).toEqual(['0A008E6D5D']);
  });

  it('decodes two frames in one chunk, and a frame plus the start of the next', () => {
    const two = Buffer.concat([docFrame, rdm6300Frame('1122334455')]);
    expect(reads(new StxHexFrameDecoder(rdm6300Format).push(two))).toEqual(['0A008E6D5D', '1122334455']);
    const decoder = new StxHexFrameDecoder(rdm6300Format);
    const next = rdm6300Frame('1122334455');
    expect(reads(decoder.push(Buffer.concat([docFrame, next.subarray(0, 5)])))).toEqual(['0A008E6D5D']);
    expect(reads(decoder.push(next.subarray(5)))).toEqual(['1122334455']);
  });

  it('skips a garbage prefix and counts it', () => {
    const results = new StxHexFrameDecoder(rdm6300Format).push(Buffer.concat([Buffer.from([0xff, 0x00, 0x41, 0x03]), docFrame]));
    expect(reads(results)).toEqual(['0A008E6D5D']);
    expect(results[0]).toEqual({ kind: 'rejected', reason: 'garbage', length: 4 });
  });

  it('drops a frame with a bad checksum, counts it, and reads the next one', () => {
    const bad = rdm6300Frame('0A008E6D5D', 0xb5);
    const results = new StxHexFrameDecoder(rdm6300Format).push(Buffer.concat([bad, docFrame]));
    expect(rejects(results)).toEqual(['checksum']);
    expect(reads(results)).toEqual(['0A008E6D5D']);
  });

  it('re-syncs on the next STX after a truncated frame (STX inside the data)', () => {
    const truncated = docFrame.subarray(0, 6);
    const results = new StxHexFrameDecoder(rdm6300Format).push(Buffer.concat([truncated, docFrame]));
    expect(reads(results)).toEqual(['0A008E6D5D']);
    expect(rejects(results)).toContain('malformed');
  });

  it('accepts the 13-byte variant with a binary checksum, and still verifies it', () => {
    expect(reads(new StxHexFrameDecoder(rdm6300Format).push(rdm6300BinaryFrame('0A008E6D5D')))).toEqual(['0A008E6D5D']);
    const bad = new StxHexFrameDecoder(rdm6300Format).push(rdm6300BinaryFrame('0A008E6D5D', 0x00));
    expect(reads(bad)).toEqual([]);
    expect(rejects(bad)).toEqual(['checksum']);
  });

  it('upper-cases lower-case hex digits', () => {
    expect(reads(new StxHexFrameDecoder(rdm6300Format).push(rdm6300Frame('0a008e6d5d')))).toEqual(['0A008E6D5D']);
  });

  it('holds an incomplete frame without emitting anything', () => {
    expect(new StxHexFrameDecoder(rdm6300Format).push(docFrame.subarray(0, 13))).toEqual([]);
  });
});

describe('ID-12LA frames', () => {
  // docs/hardware.md §1.2.2: datasheet output 0C000621A58E (checksum 0x8E; the prose's 6E is a typo).
  const datasheet = Buffer.concat([Buffer.from([0x02]), Buffer.from('0C000621A58E', 'latin1'), Buffer.from([0x0d, 0x0a, 0x03])]);

  it('decodes the datasheet frame', () => {
    expect(reads(new StxHexFrameDecoder(id12laFormat).push(datasheet))).toEqual(['0C000621A5']);
    expect(id12laFrame('0C000621A5')).toEqual(datasheet);
  });

  it('streams split chunks, two frames per chunk, garbage and bad checksums', () => {
    const decoder = new StxHexFrameDecoder(id12laFormat);
    const stream = Buffer.concat([Buffer.from('noise\r\n'), datasheet, id12laFrame('0A008E6D5D', 0x00), id12laFrame('0A008E6D5D'), datasheet]);
    const results = feed(decoder, [stream.subarray(0, 10), stream.subarray(10, 40), stream.subarray(40)]);
    expect(reads(results)).toEqual(['0C000621A5', '0A008E6D5D', '0C000621A5']);
    expect(rejects(results)).toEqual(['garbage', 'checksum']);
  });

  it('rejects an RDM6300 frame (no CR LF before ETX) and the 6E checksum from the datasheet prose', () => {
    const results = new StxHexFrameDecoder(id12laFormat).push(Buffer.concat([docFrame, id12laFrame('0C000621A5', 0x6e)]));
    expect(reads(results)).toEqual([]);
    expect(rejects(results)).toContain('malformed');
    expect(rejects(results)).toContain('checksum');
  });
});
