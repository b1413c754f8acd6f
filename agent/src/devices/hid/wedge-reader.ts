import { SupervisedReader } from '../readers/supervised-reader.js';
import { systemClock } from '../supervision/clock.js';
import type { SupervisionDeps } from '../supervision/supervisor.js';
import type { HidOpener, HidTarget } from './hid-device.js';
import { KeyboardReportDecoder, type ReportIdMode } from './keyboard-report.js';

export interface WedgeReaderOptions extends SupervisionDeps {
  id: string;
  target: HidTarget;
  opener: HidOpener;
  debounceMs: number;
  /** Ends a read after this long without a key, for readers that send no Enter; 0 = Enter only. */
  idleTimeoutMs: number;
  reportId?: ReportIdMode;
  /** A read whose first key arrived longer ago than this is dropped (SupervisedReader). */
  maxScanAgeMs?: number;
}

/**
 * A USB keyboard-wedge reader read as raw HID boot-keyboard reports (docs/hardware.md §1.1): no OS
 * keyboard layout in the way. Unplug arrives as node-hid's `error` event (there is no `close`,
 * docs/hardware.md §3.2); the supervisor closes and re-opens.
 */
export function createWedgeReader(options: WedgeReaderOptions): SupervisedReader {
  const clock = options.clock ?? systemClock;
  return new SupervisedReader({
    ...options,
    driver: 'hid-wedge',
    open: async (sink) => {
      const device = await options.opener.open(options.target);
      const decoder = new KeyboardReportDecoder(options.reportId ?? 'auto');
      let idleTimer: unknown = null;
      const clearIdle = () => {
        if (idleTimer !== null) clock.clearTimeout(idleTimer);
        idleTimer = null;
      };
      // When the first key of the pending read arrived: its age decides whether it is still acted on.
      let startedAt: number | null = null;
      const emit = (text: string, at: number) => sink.read(text, text, at);
      device.on('data', (report) => {
        const now = clock.now();
        clearIdle();
        startedAt ??= now;
        for (const text of decoder.push(report)) {
          emit(text, startedAt);
          startedAt = now; // what follows in this report began with it
        }
        if (!decoder.hasPending()) startedAt = null;
        if (decoder.hasPending() && options.idleTimeoutMs > 0) {
          idleTimer = clock.setTimeout(() => {
            idleTimer = null;
            const text = decoder.flush();
            if (text !== null) emit(text, startedAt ?? clock.now());
            startedAt = null;
          }, options.idleTimeoutMs);
        }
      });
      device.on('error', (error) => sink.lost(error));
      return {
        close: async () => {
          clearIdle();
          await device.close();
        },
      };
    },
  });
}
