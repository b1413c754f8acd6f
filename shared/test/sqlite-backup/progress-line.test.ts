import { describe, expect, it } from 'vitest';
import { progressLine } from '../../src/sqlite-backup/index.js';

const stream = (isTTY: boolean) => {
  const written: string[] = [];
  return { isTTY, written, write: (text: string) => written.push(text) };
};

describe('the backup progress line', () => {
  it('rewrites one line on a terminal, once per percent, and ends it', () => {
    const terminal = stream(true);
    const line = progressLine(terminal, 'studio: backup');
    for (const pagesDone of [0, 100, 150, 199, 200, 1000]) line.update({ pagesDone, totalPages: 1000 });
    line.end();
    expect(terminal.written).toEqual([
      '\rstudio: backup: 0 / 1000 pages (0%)',
      '\rstudio: backup: 100 / 1000 pages (10%)',
      '\rstudio: backup: 150 / 1000 pages (15%)',
      '\rstudio: backup: 199 / 1000 pages (19%)',
      '\rstudio: backup: 200 / 1000 pages (20%)',
      '\rstudio: backup: 1000 / 1000 pages (100%)',
      '\n',
    ]);
  });

  it('counts an empty database as done', () => {
    const terminal = stream(true);
    const line = progressLine(terminal, 'studio-agent: backup');
    line.update({ pagesDone: 0, totalPages: 0 });
    expect(terminal.written).toEqual(['\rstudio-agent: backup: 0 / 0 pages (100%)']);
  });

  it('writes nothing when piped or redirected', () => {
    const piped = stream(false);
    const line = progressLine(piped, 'studio: backup');
    line.update({ pagesDone: 10, totalPages: 20 });
    line.end();
    expect(piped.written).toEqual([]);
  });
});
