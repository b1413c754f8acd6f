/**
 * A database whose recorded migrations include ones this code does not know was upgraded by a
 * later version. Running on it would read and write a schema this code was not written for, so
 * the server refuses to start and `studio doctor` fails the check; nothing is changed.
 */
export class DatabaseNewerThanCode extends Error {
  override name = 'DatabaseNewerThanCode';
  constructor(
    readonly unknown: string[],
    readonly known: string[],
  ) {
    super(newerDatabaseMessage(unknown, known));
  }
}

/** Recorded migration names the code does not know, in order of name (names start with their number). */
export function unknownMigrations(recorded: readonly string[], known: readonly string[]): string[] {
  const knownNames = new Set(known);
  return recorded.filter((name) => !knownNames.has(name)).sort();
}

/** `009-xyz` reads as `009 'xyz'`. */
function describeMigration(name: string): string {
  const match = /^(\d+)-(.+)$/.exec(name);
  return match ? `${match[1]} '${match[2]}'` : `'${name}'`;
}

function numberOf(name: string | undefined): string {
  return name === undefined ? 'none' : (/^(\d+)-/.exec(name)?.[1] ?? name);
}

export function newerDatabaseMessage(unknown: readonly string[], known: readonly string[]): string {
  const which = unknown.length === 1 ? 'migration' : 'migrations';
  return (
    `This database was upgraded by a newer version of Studio check-in (${which} ${unknown.map(describeMigration).join(', ')}); ` +
    `this version knows up to ${numberOf(known[known.length - 1])}. Install the newer version or restore a backup made before the upgrade.`
  );
}
