/** A lock taken against the global lock order (row-locks.ts): a programming error, never a user's. */
export class LockOrderError extends Error {
  override readonly name = 'LockOrderError';
}

/**
 * What one transaction has locked, checked against an order of ranks: a transaction never locks a
 * rank below the highest it holds, and within that rank only ids above the highest it holds. A
 * row it holds already may be asked for again at any time (waiting on it is impossible). Pure, so
 * the rule is the same on every dialect; the caller takes the locks the ledger lets through.
 */
export class LockLedger {
  #rank = -1;
  #highestId = '';
  readonly #held = new Map<number, Set<string>>();

  /** `ranks` in lock order, as the error names them. */
  constructor(private readonly ranks: readonly string[]) {}

  /**
   * Records that `ids` of `rank` are about to be locked and answers the ones not held yet, in the
   * order to lock them (ascending). Throws LockOrderError, recording nothing, when they would
   * break the order.
   */
  take(rank: number, ids: readonly string[]): string[] {
    const held = this.#held.get(rank) ?? new Set<string>();
    const fresh = [...new Set(ids)].filter((id) => !held.has(id)).sort();
    if (fresh.length === 0) return [];
    const name = this.ranks[rank]!;
    if (rank < this.#rank) {
      throw new LockOrderError(`${name} locked after ${this.ranks[this.#rank]}; the order is ${this.ranks.join(' -> ')}`);
    }
    if (rank === this.#rank && fresh[0]! < this.#highestId) {
      throw new LockOrderError(`${name} locked after a ${name} with a higher id; several rows of one kind are locked in ascending id order (lock them in one call, which sorts them)`);
    }
    for (const id of fresh) held.add(id);
    this.#held.set(rank, held);
    this.#rank = rank;
    this.#highestId = fresh.at(-1)!;
    return fresh;
  }
}
