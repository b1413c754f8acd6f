import { basename, extname } from 'node:path';

/**
 * A UTC time in ISO 8601's basic form, `20261124T080400Z`: no colons (a name every file system and
 * shell takes as it is), and names that sort by name sort by time.
 */
export function utcStamp(at: Date): string {
  return at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/** The scheduled backups of one database: `studio-20261124T080400Z.db` for `studio.db`. */
export class BackupNames {
  private readonly stem: string;
  private readonly extension: string;
  private readonly pattern: RegExp;
  private readonly partialPattern: RegExp;

  constructor(databaseFile: string) {
    this.extension = extname(databaseFile) || '.db';
    this.stem = basename(databaseFile, extname(databaseFile));
    const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    this.pattern = new RegExp(`^${escape(this.stem)}-(\\d{8}T\\d{6}Z)${escape(this.extension)}$`);
    this.partialPattern = new RegExp(`^\\.${escape(this.stem)}-\\d{8}T\\d{6}Z${escape(this.extension)}\\.[0-9a-f]+\\.partial$`);
  }

  nameAt(at: Date): string {
    return `${this.stem}-${utcStamp(at)}${this.extension}`;
  }

  /** This database's backups among `names`, oldest first; anything else in the folder is not ours to touch. */
  ours(names: string[]): string[] {
    return names.filter((name) => this.pattern.test(name)).sort();
  }

  /** The hidden partial copies of them that the online backup writes first (see the shared routine). */
  partials(names: string[]): string[] {
    return names.filter((name) => this.partialPattern.test(name));
  }

  /** When the newest of them was taken, or null. */
  newestTime(names: string[]): Date | null {
    const newest = this.ours(names).at(-1);
    const stamp = newest?.match(this.pattern)?.[1];
    if (!stamp) return null;
    const iso = `${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}T${stamp.slice(9, 11)}:${stamp.slice(11, 13)}:${stamp.slice(13, 15)}Z`;
    return new Date(iso);
  }

  /** The oldest backups beyond the newest `keep`. */
  beyondRetention(names: string[], keep: number): string[] {
    const ours = this.ours(names);
    return ours.slice(0, Math.max(0, ours.length - keep));
  }
}
