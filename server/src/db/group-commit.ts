import type { Queryable } from './types.js';

interface Pending {
  work: (tx: Queryable) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** The statements a group needs from its connection. */
export interface GroupConnection {
  exec(sql: string): void;
  readonly inTransaction: boolean;
}

/** How many transactions at most share one commit, so a steady stream still commits often. */
const maxGroup = 64;

/**
 * Group commit for a single-connection database whose commits are durable (synchronous=FULL): the
 * transactions that queue while one runs are run after it, each in its own savepoint, and share
 * one COMMIT, so one fsync serves many requests. Each caller is answered only after the commit
 * that holds its writes; a transaction that throws rolls back to its savepoint and leaves the
 * others alone. If the whole transaction is lost (a failed commit, an I/O error SQLite answers by
 * rolling back), every caller in it gets the error: nothing unwritten is acknowledged.
 */
export class GroupCommit {
  readonly #queue: Pending[] = [];
  #scheduled = false;

  constructor(
    private readonly connection: GroupConnection,
    private readonly tx: Queryable,
    /** Holds the connection for the whole group (the dialect's mutex). */
    private readonly hold: (work: () => Promise<void>) => Promise<void>,
  ) {}

  run<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      // Arrivals join the group running or waiting to run; only an idle committer is started, and
      // only once this turn's I/O callbacks have run: Node runs a callback's promises before the
      // next callback, so a group started at once would commit (and fsync) each request alone.
      if (!this.#scheduled) {
        this.#scheduled = true;
        setImmediate(() => void this.hold(() => this.#drain()));
      }
    });
  }

  async #drain(): Promise<void> {
    try {
      while (this.#queue.length) await this.#group();
    } finally {
      this.#scheduled = false;
    }
  }

  async #group(): Promise<void> {
    const done: { pending: Pending; ok: boolean; value: unknown }[] = [];
    let current: Pending | undefined;
    try {
      this.connection.exec('BEGIN IMMEDIATE');
      while (this.#queue.length && done.length < maxGroup) {
        current = this.#queue.shift()!;
        this.connection.exec('SAVEPOINT grouped');
        try {
          const value = await current.work(this.tx);
          this.connection.exec('RELEASE grouped');
          done.push({ pending: current, ok: true, value });
        } catch (error) {
          if (!this.connection.inTransaction) throw error;
          this.connection.exec('ROLLBACK TO grouped');
          this.connection.exec('RELEASE grouped');
          done.push({ pending: current, ok: false, value: error });
        }
        current = undefined;
      }
      this.connection.exec('COMMIT');
    } catch (lost) {
      try {
        if (this.connection.inTransaction) this.connection.exec('ROLLBACK');
      } catch {
        // A rollback that fails too (the disk gone) must not leave the callers waiting for ever nor
        // throw out of the committer, where nothing would hear it and the process would die.
      }
      // The transaction that failed gets its own error; the ones it took down get it too.
      current?.reject(lost);
      for (const { pending } of done) pending.reject(lost);
      return;
    }
    for (const { pending, ok, value } of done) (ok ? pending.resolve : pending.reject)(value);
  }
}
