import { createRequire } from 'node:module';
import { dirname } from 'node:path';

/** A workspace's folder, found as Node finds the package (its bins and output live there). */
export function packageDir(name: string): string {
  return dirname(createRequire(import.meta.url).resolve(`${name}/package.json`));
}
