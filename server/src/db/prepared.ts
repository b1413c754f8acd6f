import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { Tables } from './tables.js';

type Scalar = string | number | null;

interface Template {
  sql: string;
  query: CompiledQuery['query'];
  /** Per parameter: the index of the argument it takes, or a constant of the query. */
  slots: ({ arg: number } | { value: unknown })[];
}

const marker = (index: number) => `\u0000prepared-argument-${index}\u0000`;
const markerIndex = (value: unknown) => (typeof value === 'string' && value.startsWith('\u0000prepared-argument-') ? Number.parseInt(value.slice(19), 10) : -1);

/**
 * A hot-path query built and compiled once per query builder, then run with new arguments:
 * Kysely's builder and compiler cost more than the statement itself (docs/performance.md), and the
 * dialects keep one prepared statement per SQL text. `build` gets a placeholder per argument, to
 * be used as a whole value (`where('id', '=', id)`, an element of an `in` list), never inside
 * another value. An `in` list of variable length takes a fixed number of arguments, padded by
 * the caller (a repeated element changes nothing).
 */
export function prepared<A extends Scalar[], R>(build: (qb: Kysely<Tables>, ...args: A) => Compilable<R>): (db: { qb: Kysely<Tables> }, ...args: A) => CompiledQuery<R> {
  return compiledOnce(build, build.length - 1);
}

/**
 * An insert of one row into `table`, prepared as `prepared` does: `row` gives a value (a whole
 * one) for each of `columns`, every insert the same columns.
 */
export function preparedInsert<T extends keyof Tables & string, C extends keyof Tables[T] & string>(
  table: T,
  columns: readonly C[],
): (db: { qb: Kysely<Tables> }, row: Record<C, Scalar>) => CompiledQuery<unknown> {
  const insert = compiledOnce((qb, ...values: Scalar[]) => qb.insertInto(table).values(Object.fromEntries(columns.map((column, i) => [column, values[i]])) as never), columns.length);
  return (db, row) => insert(db, ...columns.map((column) => row[column]));
}

function compiledOnce<A extends Scalar[], R>(build: (qb: Kysely<Tables>, ...args: A) => Compilable<R>, arity: number): (db: { qb: Kysely<Tables> }, ...args: A) => CompiledQuery<R> {
  const templates = new WeakMap<Kysely<Tables>, Template>();
  const compile = (qb: Kysely<Tables>): Template => {
    const markers = Array.from({ length: arity }, (_, i) => marker(i)) as A;
    const query = build(qb, ...markers).compile();
    const slots = query.parameters.map((value) => (markerIndex(value) >= 0 ? { arg: markerIndex(value) } : { value }));
    const used = new Set(slots.flatMap((slot) => ('arg' in slot ? [slot.arg] : [])));
    if (used.size !== arity) throw new Error(`prepared query uses ${used.size} of its ${arity} arguments as whole values`);
    return { sql: query.sql, query: query.query, slots };
  };
  return (db, ...args) => {
    let template = templates.get(db.qb);
    if (!template) templates.set(db.qb, (template = compile(db.qb)));
    return { sql: template.sql, query: template.query, parameters: template.slots.map((slot) => ('arg' in slot ? args[slot.arg] : slot.value)) } as unknown as CompiledQuery<R>;
  };
}

/** Pads a list to `size` with its last element, for an `in` list of fixed arity; null when it does not fit. */
export function padded<T>(items: readonly T[], size: number): T[] | null {
  if (items.length === 0 || items.length > size) return null;
  return [...items, ...Array<T>(size - items.length).fill(items.at(-1)!)];
}
