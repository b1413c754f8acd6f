import { compiled, type Db } from '@studio/server/src/db/types.js';

/** A gate shut on reads of one table: `arrived` once a read waits at it, `open` lets it (and later ones) through. */
export interface ShutGate {
  arrived: Promise<void>;
  open(): void;
}

/**
 * The same Db, whose reads of `table` wait while a gate is shut: to hold a request at a known step
 * for as long as a test needs (an import's dry run reads `import_fingerprints` last), without a
 * wall-clock wait. Every other query runs as before.
 */
export function gateReadsOf(db: Db, table: string): { db: Db; shut(): ShutGate } {
  let gate: { reached: () => void; open: Promise<void> } | null = null;
  const wait = async (query: Parameters<Db['all']>[0]) => {
    const held = gate;
    if (held === null || !compiled(query).sql.includes(`"${table}"`)) return;
    held.reached();
    await held.open;
  };
  const gated: Db = {
    ...db,
    all: async (query) => (await wait(query), db.all(query)),
    first: async (query) => (await wait(query), db.first(query)),
  };
  return {
    db: gated,
    shut() {
      let reached!: () => void;
      let open!: () => void;
      const arrived = new Promise<void>((resolve) => (reached = resolve));
      gate = { reached, open: new Promise<void>((resolve) => (open = resolve)) };
      return {
        arrived,
        open: () => {
          gate = null;
          open();
        },
      };
    },
  };
}
