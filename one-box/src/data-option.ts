import { join, resolve } from 'node:path';
import type { Command } from 'commander';

/** `--data DIR`'s help, the same on every command that takes it. */
export const dataOptionHelp = 'the data folder (default: DATABASE_URL, ./data/studio.db)';

/** `--data DIR`: the box's files in DIR (DIR/studio.db), for every `studio` command alike. */
export function useDataDir(dir: string | undefined): void {
  if (dir !== undefined) process.env.DATABASE_URL = join(resolve(dir), 'studio.db');
}

/** The server's commands that never read the data folder: `--data` would promise what they ignore. */
const withoutData = new Set(['openapi']);

/**
 * The server's commands, run through `studio`, take `--data DIR` as `start` and `setup` do: a box
 * set up in its own folder is checked (`doctor`), backed up and restored there, not in ./data. Each
 * command that runs (a leaf: `backup`, `keys create`) reads it before its action.
 */
export function acceptDataOption(program: Command): void {
  const leaves = (command: Command): Command[] => (command.commands.length === 0 ? [command] : command.commands.flatMap(leaves));
  for (const command of program.commands.filter((top) => !withoutData.has(top.name())).flatMap(leaves)) {
    command.option('--data <dir>', dataOptionHelp).hook('preAction', (running) => useDataDir(running.opts<{ data?: string }>().data));
  }
}
