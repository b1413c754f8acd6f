/**
 * Streaming decoder for the STX/ETX ASCII-hex card frames of 125 kHz serial modules. Pure: bytes
 * in (any chunking), reads and rejects out.
 *
 * - RDM6300 (docs/hardware.md §1.2.1): `02 | 10 hex data | 2 hex checksum | 03` (14 bytes), and the
 *   13-byte variant with one binary checksum byte some modules send: `02 | 10 hex | sum | 03`.
 * - ID-12LA / ID-20LA (docs/hardware.md §1.2.2): `02 | 10 hex | 2 hex checksum | CR LF | 03` (16 bytes).
 *
 * Checksum = XOR of the 5 data bytes. The decoder re-syncs on the next STX after anything
 * malformed; a well-formed frame with a bad checksum is dropped whole. The identifier is the 10
 * data digits in upper case: the 5 bytes in hex, as an ID-12LA prints them.
 */

export interface StxHexFormat {
  /** Bytes between the checksum and ETX. */
  trailer: readonly number[];
  /** Also accept the 13-byte frame with a binary checksum byte (RDM6300 clones). */
  binaryChecksum: boolean;
}

export const rdm6300Format: StxHexFormat = { trailer: [], binaryChecksum: true };
export const id12laFormat: StxHexFormat = { trailer: [0x0d, 0x0a], binaryChecksum: false };

export type DecodedInput = { kind: 'read'; identifier: string; raw: string } | { kind: 'rejected'; reason: 'garbage' | 'malformed' | 'checksum'; length: number };

const STX = 0x02;
const ETX = 0x03;
const dataChars = 10;

type Match = 'incomplete' | 'malformed' | { length: number; checksum: number };

function isHexChar(byte: number | undefined): boolean {
  return byte !== undefined && ((byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66));
}

function hexByte(frame: Buffer, at: number): number {
  return Number.parseInt(frame.toString('latin1', at, at + 2), 16);
}

export class StxHexFrameDecoder {
  private buffer = Buffer.alloc(0);

  constructor(private readonly format: StxHexFormat) {}

  push(chunk: Uint8Array): DecodedInput[] {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    const out: DecodedInput[] = [];
    for (;;) {
      const start = this.buffer.indexOf(STX);
      const skipped = start === -1 ? this.buffer.length : start;
      if (skipped > 0) out.push({ kind: 'rejected', reason: 'garbage', length: skipped });
      this.buffer = this.buffer.subarray(skipped);
      if (this.buffer.length === 0) break;
      const match = this.match(this.buffer);
      if (match === 'incomplete') break;
      if (match === 'malformed') {
        out.push({ kind: 'rejected', reason: 'malformed', length: 1 });
        this.buffer = this.buffer.subarray(1); // drop this STX only: the next one may start a good frame
        continue;
      }
      const frame = this.buffer.subarray(0, match.length);
      this.buffer = this.buffer.subarray(match.length);
      out.push(this.decode(frame, match.checksum));
    }
    return out;
  }

  private decode(frame: Buffer, checksum: number): DecodedInput {
    let xor = 0;
    for (let i = 0; i < dataChars; i += 2) xor ^= hexByte(frame, 1 + i);
    if (xor !== checksum) return { kind: 'rejected', reason: 'checksum', length: frame.length };
    const identifier = frame.toString('latin1', 1, 1 + dataChars).toUpperCase();
    return { kind: 'read', identifier, raw: frame.toString('hex').toUpperCase() };
  }

  /** Whether the STX at 0 starts a frame: how long it is and its checksum byte. */
  private match(buffer: Buffer): Match {
    const at = (index: number, ok: (byte: number) => boolean): 'incomplete' | 'malformed' | 'ok' => {
      const byte = buffer[index];
      if (byte === undefined) return 'incomplete';
      return ok(byte) ? 'ok' : 'malformed';
    };
    for (let i = 1; i <= dataChars; i += 1) {
      const result = at(i, isHexChar);
      if (result !== 'ok') return result;
    }
    const sumAt = 1 + dataChars;
    if (this.format.binaryChecksum) {
      const etx = at(sumAt + 1, (byte) => byte === ETX);
      if (etx === 'incomplete') return 'incomplete';
      // Stryker disable next-line UnaryOperator: the byte before a read ETX is always there; the fallback only satisfies the type checker
      if (etx === 'ok') return { length: sumAt + 2, checksum: buffer[sumAt] ?? -1 };
    }
    const expected = [isHexChar, isHexChar, ...this.format.trailer.map((t) => (byte: number) => byte === t), (byte: number) => byte === ETX];
    for (const [offset, ok] of expected.entries()) {
      const result = at(sumAt + offset, ok);
      if (result !== 'ok') return result;
    }
    return { length: sumAt + expected.length, checksum: hexByte(buffer, sumAt) };
  }
}
