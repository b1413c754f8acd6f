import { ApiError } from '@studio/shared';
import type { Db, Queryable } from '../db/types.js';

/**
 * A refusal whose writes must still commit, such as a denied check-in's audit row: thrown like
 * any ApiError, but the transaction around it commits before the error reaches the client.
 */
export class RecordedRefusal extends ApiError {}

/** `db.transaction`, except that a RecordedRefusal commits the work done before it, then is rethrown. */
export async function transactionKeepingRefusals<T>(db: Db, work: (sql: Queryable) => Promise<T>): Promise<T> {
  const outcome = await db.transaction(async (sql) => {
    try {
      return { value: await work(sql) };
    } catch (error) {
      if (error instanceof RecordedRefusal) return { refusal: error };
      throw error;
    }
  });
  if ('refusal' in outcome) throw outcome.refusal;
  return outcome.value;
}
