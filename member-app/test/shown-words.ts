import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The members' app's sources; the staff app's finder of hard-coded words (web-app/test/shown-words.ts) reads them by the same rules. */
export const sourceDir = new URL('../src/', import.meta.url).pathname;

/** Every source file of the app outside the catalogs. */
export function appSources(dir = sourceDir): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'i18n' ? [] : appSources(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}
