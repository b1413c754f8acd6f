import { createInterface } from 'node:readline';
import { SupervisedReader } from '../readers/supervised-reader.js';
import type { SupervisionDeps } from '../supervision/supervisor.js';

export interface StdinReaderOptions extends SupervisionDeps {
  id: string;
  input: NodeJS.ReadableStream;
  debounceMs: number;
}

/**
 * `studio-agent --simulate`: each non-empty line typed on the injected stream is one identifier.
 * The end of the stream (a piped file ran out) is not a failure: the reader just has nothing more.
 */
export function createStdinReader(options: StdinReaderOptions): SupervisedReader {
  return new SupervisedReader({
    ...options,
    driver: 'stdin',
    open: async (sink) => {
      const lines = createInterface({ input: options.input, crlfDelay: Infinity, terminal: false });
      lines.on('line', (line) => {
        const identifier = line.trim();
        if (identifier.length > 0) sink.read(identifier, identifier);
      });
      lines.on('close', () => options.logger.info('simulated reader input ended'));
      return {
        close: async () => {
          lines.removeAllListeners('close');
          lines.close();
        },
      };
    },
  });
}
