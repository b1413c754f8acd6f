import type { ImportProgress } from '../../modules/setup/importer.js';

const steps: Record<ImportProgress['phase'], string> = {
  reading: 'reading the file',
  checking: 'checking every entry',
  writing: 'writing',
  done: 'done',
};

/**
 * An import's progress as lines on stderr (stdout keeps the JSON answer for scripts): each step
 * once, and while writing each further tenth of the rows.
 */
export function printImportProgress(write: (line: string) => void = (line) => process.stderr.write(line)): (progress: ImportProgress) => void {
  let last = '';
  return ({ phase, rows_written, rows_total }) => {
    const tenths = phase === 'writing' && rows_total > 0 ? Math.floor((rows_written / rows_total) * 10) : 0;
    const step = `${phase} ${tenths}`;
    if (step === last) return;
    last = step;
    const rows = phase === 'writing' ? ` ${tenths * 10}% (${rows_written.toLocaleString('en')} of ${rows_total.toLocaleString('en')} rows, in one transaction)` : '';
    write(`import: ${steps[phase]}${rows}\n`);
  };
}
