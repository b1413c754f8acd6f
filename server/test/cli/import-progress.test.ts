import { describe, expect, it } from 'vitest';
import { printImportProgress } from '../../src/cli/support/import-progress.js';

function stream(isTTY: boolean) {
  const written: string[] = [];
  return { isTTY, written, write: (text: string) => written.push(text) };
}

describe("studio import's progress on stderr", () => {
  it('shows each step once and each further tenth of the rows at a terminal, and leaves the end to the answer', () => {
    const terminal = stream(true);
    const show = printImportProgress(terminal);
    show({ phase: 'reading', rows_written: 0, rows_total: 0 });
    show({ phase: 'checking', rows_written: 0, rows_total: 0 });
    show({ phase: 'checking', rows_written: 0, rows_total: 0 });
    for (const written of [0, 500, 1_199, 1_200, 12_000]) show({ phase: 'writing', rows_written: written, rows_total: 12_000 });
    show({ phase: 'done', rows_written: 12_000, rows_total: 12_000 });
    expect(terminal.written).toEqual([
      'import: reading the file\n',
      'import: checking every entry\n',
      'import: writing 0% (0 of 12,000 rows, in one transaction)\n',
      'import: writing 10% (1,200 of 12,000 rows, in one transaction)\n',
      'import: writing 100% (12,000 of 12,000 rows, in one transaction)\n',
    ]);
  });

  it('writes nothing when stderr is a pipe or a file: scripts and journals get the answer alone', () => {
    const piped = stream(false);
    const show = printImportProgress(piped);
    show({ phase: 'reading', rows_written: 0, rows_total: 0 });
    show({ phase: 'writing', rows_written: 5, rows_total: 10 });
    expect(piped.written).toEqual([]);
  });
});
