import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = new URL('../../src/', import.meta.url).pathname;

function sources(folder: string): string[] {
  return readdirSync(join(src, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => join(src, folder, file));
}

/** Lines of the feature modules and plugins matching `pattern`, as `path:line: text`. */
function offending(pattern: RegExp): string[] {
  return [...sources('modules'), ...sources('plugins')].flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, index) => (pattern.test(line) ? [`${relative(src, file)}:${index + 1}: ${line.trim()}`] : [])),
  );
}

/** docs/architecture.md §2.10 and §2.12, held for every file as it is added. */
describe('the database boundary of feature modules and plugins', () => {
  it('never branch on the dialect: the difference sits behind a function in server/src/db/', () => {
    expect(offending(/\.dialect\b/)).toEqual([]);
  });

  it('never lock a row by hand: every row lock goes through lockRows, which keeps the global order', () => {
    expect(offending(/\.forUpdate\(|\.forShare\(|for update|pg_advisory/i)).toEqual([]);
  });
});
