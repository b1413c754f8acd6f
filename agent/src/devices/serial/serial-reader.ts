import type { Readable } from 'node:stream';
import { ReadlineParser } from '@serialport/parser-readline';
import { SupervisedReader, type ReaderSink } from '../readers/supervised-reader.js';
import type { SupervisionDeps } from '../supervision/supervisor.js';
import { extractIdentifier, type LineFormat } from './line-format.js';
import { closeSerialPort, openSerialPort, type SerialSettings } from './serial-port.js';
import { StxHexFrameDecoder, type StxHexFormat } from './stx-hex-frames.js';

/** How a serial reader's byte stream becomes reads: framed bytes or delimited lines. */
export type SerialDecoding =
  | { kind: 'frames'; format: StxHexFormat }
  | { kind: 'lines'; delimiter: string; format: LineFormat };

export interface SerialReaderOptions extends SupervisionDeps {
  id: string;
  driver: string;
  serial: SerialSettings;
  decoding: SerialDecoding;
  debounceMs: number;
}

/** RDM6300, ID-12LA and line-based readers: the same supervised port, a different decoder. */
export function createSerialReader(options: SerialReaderOptions): SupervisedReader {
  return new SupervisedReader({
    ...options,
    open: async (sink) => {
      const port = await openSerialPort(options.serial, sink);
      attachDecoder(port, options.decoding, sink);
      return { close: () => closeSerialPort(port) };
    },
  });
}

// The decoder is per connection (a new one on every open), so a half frame never spans a replug.
function attachDecoder(port: Readable, decoding: SerialDecoding, sink: ReaderSink): void {
  if (decoding.kind === 'frames') {
    const decoder = new StxHexFrameDecoder(decoding.format);
    port.on('data', (chunk: Buffer) => {
      for (const result of decoder.push(chunk)) {
        if (result.kind === 'read') sink.read(result.identifier, result.raw);
        else sink.rejected(result.reason, result.length);
      }
    });
    return;
  }
  // ReadlineParser reassembles a delimiter split across chunks (hardware.md 1.2.3).
  const lines = port.pipe(new ReadlineParser({ delimiter: decoding.delimiter }));
  lines.on('data', (line: string) => {
    if (line.trim() === '') return; // a CR LF reader seen with a CR delimiter, a keep-alive
    const identifier = extractIdentifier(line, decoding.format);
    if (identifier === null) sink.rejected('no-match', line.length);
    else sink.read(identifier, line.trim());
  });
}
