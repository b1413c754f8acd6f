import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const ignoreEverything = "# The box's data folder: its database, secrets and TLS key never belong in a repository.\n*\n";

/**
 * A data folder inside a checkout (`npm start`'s ./data, `studio setup --data studio`) is ignored
 * by git from within, so `git add -A` never commits the database, the keys or the TLS key, whatever
 * the checkout's own .gitignore says. A .gitignore already there is the owner's: it is kept.
 */
export function keepOutOfGit(dir: string): void {
  const file = join(dir, '.gitignore');
  if (!existsSync(file)) writeFileSync(file, ignoreEverything);
}
