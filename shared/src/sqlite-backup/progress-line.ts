import type { BackupProgress } from './online-backup.js';

/** What a progress line writes to: stderr, or a fake in a test. */
export interface ProgressStream {
  readonly isTTY?: boolean;
  write(text: string): unknown;
}

/**
 * A one-line `pages done / total` counter, rewritten in place, for a person watching a terminal.
 * Piped or redirected (a cron job, a log), it writes nothing: the final JSON says what was done.
 */
export function progressLine(stream: ProgressStream, label: string): { update(progress: BackupProgress): void; end(): void } {
  if (!stream.isTTY) return { update: () => {}, end: () => {} };
  let shownPercent = -1;
  let shown = false;
  return {
    update({ pagesDone, totalPages }) {
      const percent = totalPages === 0 ? 100 : Math.floor((pagesDone / totalPages) * 100);
      // One line per percent: a step is 100 pages, so a large database would redraw thousands of times.
      if (percent === shownPercent) return;
      shownPercent = percent;
      shown = true;
      stream.write(`\r${label}: ${pagesDone} / ${totalPages} pages (${percent}%)`);
    },
    end() {
      if (shown) stream.write('\n');
    },
  };
}
