/** The refs an export gives one section's rows: readable, unique within the section, stable for the same rows. */
export interface RefNamer {
  /** The ref of a row of the section (its id if, impossibly, the row is not one of them). */
  of(id: string): string;
  /** The ref of a row of the section, or undefined for an id that names none (a deleted service in a plan's list). */
  known(id: string): string | undefined;
}

/** `Sam Lee` -> `sam-lee`; a name of no letters or digits falls back to `entry`. */
function slugOf(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 90);
  return slug || 'entry';
}

/**
 * Refs made from names, in the rows' order: the second `Sam Lee` is `sam-lee-2`. Rows come ordered
 * by name and id, so exporting the same business twice gives the same refs.
 */
export function exportRefs<R extends { id: string }>(rows: readonly R[], name: (row: R) => string): RefNamer {
  const byId = new Map<string, string>();
  const taken = new Set<string>();
  for (const row of rows) {
    const base = slugOf(name(row));
    let ref = base;
    for (let n = 2; taken.has(ref); n += 1) ref = `${base}-${n}`;
    taken.add(ref);
    byId.set(row.id, ref);
  }
  return { of: (id) => byId.get(id) ?? id, known: (id) => byId.get(id) };
}
