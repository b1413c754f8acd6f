import type { ImportProgress } from '../../modules/setup/importer.js';

/** The steps worth a line; the end is the command's own answer (written, or refused and why). */
const steps: Partial<Record<ImportProgress['phase'], string>> = {
  reading: 'reading the file',
  checking: 'checking every entry',
  writing: 'writing',
};

/**
 * An import's progress as lines on stderr (stdout keeps the JSON answer for scripts), for a person
 * at a terminal: each step once but the end, and while writing each further tenth of the rows.
 * Piped or redirected (a script, a journal), it writes nothing, as the backup's progress line.
 */
export function printImportProgress(stream: { readonly isTTY?: boolean; write(text: string): unknown } = process.stderr): (progress: ImportProgress) => void {
  if (!stream.isTTY) return () => {};
  let last = '';
  return ({ phase, rows_written, rows_total }) => {
    const tenths = phase === 'writing' && rows_total > 0 ? Math.floor((rows_written / rows_total) * 10) : 0;
    const step = `${phase} ${tenths}`;
    if (step === last || steps[phase] === undefined) return;
    last = step;
    const rows = phase === 'writing' ? ` ${tenths * 10}% (${rows_written.toLocaleString('en')} of ${rows_total.toLocaleString('en')} rows, in one transaction)` : '';
    stream.write(`import: ${steps[phase]}${rows}\n`);
  };
}
