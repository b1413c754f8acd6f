import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { shownLiteralsIn } from '@studio/testkit/i18n/shown-words';

/** The members' app's sources, read for hard-coded words by the same rules as the staff app's (testkit/src/i18n/shown-words.ts). */
export const sourceDir = new URL('../src/', import.meta.url).pathname;

/** Every source file of the app outside the catalogs. */
export function appSources(dir = sourceDir): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'i18n' ? [] : appSources(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Words a person would read, hard-coded in one of the app's source files. */
export const shownLiterals = (path: string, text?: string): string[] => shownLiteralsIn(sourceDir, path, text);
