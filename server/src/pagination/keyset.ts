import { sql, type SelectQueryBuilder } from 'kysely';
import type { Queryable } from '../db/types.js';
import type { CursorCodec } from './cursor.js';

export interface PageRequest {
  limit: number;
  cursor?: string | undefined;
  codec: CursorCodec;
  /** From `cursorScope()`: binds the cursor to the company, route and filters. */
  scope: string;
  /** Sealed into the next cursor after the position, for the next page to read back (`carriedBy`): a window resolved from the clock. */
  carry?: readonly (string | number)[];
}

export interface Page<Row> {
  rows: Row[];
  next_cursor: string | null;
}

/**
 * Keyset pagination on (first, second), ascending unless `descending`: no gap and no repeat while rows are added,
 * and the same cost on page 1,000 as on page 1. `second` must be unique (the id).
 */
export async function keysetPage<Row extends Record<string, unknown>>(
  runner: Queryable,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  query: SelectQueryBuilder<any, any, Row>,
  order: { first: string; second: string; descending?: boolean },
  page: PageRequest,
): Promise<Page<Row>> {
  let q = query;
  if (page.cursor !== undefined) {
    const [after, afterId] = page.codec.decode(page.scope, page.cursor);
    const first = sql.ref(order.first);
    const second = sql.ref(order.second);
    // A row value, which both databases serve as one index range; spelled out with `or`, SQLite
    // scanned the index from the start on every page.
    q = order.descending ? q.where(sql<boolean>`(${first}, ${second}) < (${after}, ${afterId})`) : q.where(sql<boolean>`(${first}, ${second}) > (${after}, ${afterId})`);
  }
  const direction = order.descending ? 'desc' : 'asc';
  const rows = await runner.all(
    q
      .orderBy(sql.ref(order.first), direction)
      .orderBy(sql.ref(order.second), direction)
      .limit(page.limit + 1),
  );
  const more = rows.length > page.limit;
  if (more) rows.length = page.limit;
  const last = rows.at(-1);
  const key = (column: string) => last![column.split('.').pop()!] as string | number;
  return {
    rows,
    next_cursor: more ? page.codec.encode(page.scope, [key(order.first), key(order.second), ...(page.carry ?? [])]) : null,
  };
}

/** What `carry` sealed into a cursor of `scope`, or null without a cursor. */
export function carriedBy(page: Pick<PageRequest, 'cursor' | 'codec' | 'scope'>): (string | number)[] | null {
  return page.cursor === undefined ? null : page.codec.decode(page.scope, page.cursor).slice(2);
}
