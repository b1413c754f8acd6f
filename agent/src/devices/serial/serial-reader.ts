import type { Readable } from 'node:stream';
import { SupervisedReader, type ReaderSink } from '../readers/supervised-reader.js';
import { systemClock, type Clock } from '../supervision/clock.js';
import type { SupervisionDeps } from '../supervision/supervisor.js';
import { LineAssembler, maxLineLength, type LineEnding } from './line-assembler.js';
import { extractIdentifier, type LineFormat } from './line-format.js';
import { closeSerialPort, openSerialPort, type SerialSettings } from './serial-port.js';
import { StxHexFrameDecoder, type StxHexFormat } from './stx-hex-frames.js';

/** How a serial reader's byte stream becomes reads: framed bytes or lines. */
export type SerialDecoding =
  | { kind: 'frames'; format: StxHexFormat }
  | {
      kind: 'lines';
      ending: LineEnding;
      /** Ends a line after this long without a byte (readers that print no line end); 0 = line ends only. */
      idleMs: number;
      format: LineFormat;
    };

export interface SerialReaderOptions extends SupervisionDeps {
  id: string;
  driver: string;
  serial: SerialSettings;
  decoding: SerialDecoding;
  debounceMs: number;
  /** A scan whose first byte arrived longer ago than this is dropped (SupervisedReader). */
  maxScanAgeMs?: number;
}

/** RDM6300, ID-12LA and line-based readers: the same supervised port, a different decoder. */
export function createSerialReader(options: SerialReaderOptions): SupervisedReader {
  const clock = options.clock ?? systemClock;
  return new SupervisedReader({
    ...options,
    open: async (sink) => {
      const port = await openSerialPort(options.serial, sink);
      const detach = attachDecoder(port, options.decoding, sink, clock);
      return {
        close: async () => {
          detach();
          await closeSerialPort(port);
        },
      };
    },
  });
}

// The decoder is per connection (a new one on every open), so a half frame never spans a replug.
// Returns what stops it (the idle timer).
function attachDecoder(port: Readable, decoding: SerialDecoding, sink: ReaderSink, clock: Clock): () => void {
  if (decoding.kind === 'frames') {
    const decoder = new StxHexFrameDecoder(decoding.format);
    port.on('data', (chunk: Buffer) => {
      for (const result of decoder.push(chunk)) {
        if (result.kind === 'read') sink.read(result.identifier, result.raw);
        else sink.rejected(result.reason, result.length);
      }
    });
    return () => undefined;
  }
  const assembler = new LineAssembler(decoding.ending);
  let idleTimer: unknown = null;
  const clearIdle = () => {
    if (idleTimer !== null) clock.clearTimeout(idleTimer);
    idleTimer = null;
  };
  const take = (line: { text: string; startedAt: number }) => {
    const identifier = extractIdentifier(line.text, decoding.format);
    if (identifier === null) sink.rejected('no-match', line.text.length);
    else sink.read(identifier, line.text.trim(), line.startedAt);
  };
  port.on('data', (chunk: Buffer) => {
    clearIdle();
    const { lines, overlong } = assembler.push(chunk, clock.now());
    for (let i = 0; i < overlong; i += 1) sink.rejected('overlong', maxLineLength);
    for (const line of lines) take(line);
    if (assembler.hasPending() && decoding.idleMs > 0) {
      idleTimer = clock.setTimeout(() => {
        idleTimer = null;
        const line = assembler.flush();
        if (line) take(line);
      }, decoding.idleMs);
    }
  });
  return clearIdle;
}
