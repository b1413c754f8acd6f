import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { page } from '../schemas/common.js';
import type { QueryParams } from './http.js';
import type { CallOptions, KeyedCallOptions, Requester } from './request.js';
import type { ApiResponse } from './response.js';

/**
 * A query as a caller writes it: the schema's input type, except that coerced fields (`limit`),
 * whose input zod types as `unknown`, are typed as the numbers they are.
 */
export type QueryOf<S extends z.ZodType> = {
  [K in keyof z.input<S>]: unknown extends z.input<S>[K] ? number : z.input<S>[K];
};

/** A body as a caller writes it: defaults may be left out. */
export type BodyOf<S extends z.ZodType> = z.input<S>;

/** The answer of a keyed create: the record plus the key used and whether it was a replay. */
export type KeyedResponse<T> = ApiResponse<T> & { idempotencyKey: string };

/** Builds a path with each interpolated id URL-encoded: an id must never reach another route. */
export function path(strings: TemplateStringsArray, ...ids: string[]): string {
  return ids.reduce((built, id, i) => {
    if (id === '') throw new TypeError(`Empty id in ${strings.join('{id}')}`);
    return built + encodeURIComponent(id) + (strings[i + 1] ?? '');
  }, strings[0] ?? '');
}

/** The verbs endpoints are declared with, so that each endpoint of the client is one line. */
export function endpointHelpers(request: Requester) {
  const get = async <S extends z.ZodType>(route: string, schema: S, query?: QueryParams, options?: CallOptions) => (await request({ method: 'GET', path: route, query, schema }, options)).data;

  return {
    get,

    /** Every item of a cursor-paginated list, fetching pages as the caller iterates. */
    async *walk<S extends z.ZodType>(route: string, item: S, query: QueryParams = {}, options?: CallOptions): AsyncGenerator<z.output<S>> {
      const pageSchema = page(item);
      let cursor = typeof query.cursor === 'string' ? query.cursor : undefined;
      do {
        const result = await get(route, pageSchema, { ...query, cursor }, options);
        yield* result.data;
        cursor = result.next_cursor ?? undefined;
      } while (cursor !== undefined);
    },

    /** A POST that creates: one Idempotency-Key for the call, the same on every retry. */
    async create<S extends z.ZodType>(route: string, schema: S, body: unknown, options: KeyedCallOptions = {}): Promise<KeyedResponse<z.output<S>>> {
      const idempotencyKey = options.idempotencyKey ?? randomUUID();
      return { ...(await request({ method: 'POST', path: route, body, schema, idempotencyKey }, options)), idempotencyKey };
    },

    /** A POST without an Idempotency-Key (it creates nothing, or must not be repeated): sent once. */
    post: async <S extends z.ZodType>(route: string, schema: S, body: unknown, options?: CallOptions) => (await request({ method: 'POST', path: route, body, schema }, options)).data,

    /** A PATCH is not repeatable by method, so it is sent once. */
    patch: async <S extends z.ZodType>(route: string, schema: S, body: unknown, options?: CallOptions) => (await request({ method: 'PATCH', path: route, body, schema }, options)).data,
  };
}
