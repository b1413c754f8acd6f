import { z } from 'zod';
import { maxStoredInteger } from '../errors/validation.js';

/** Any 8-4-4-4-12 hex id: ids given in an import file need not carry a version nibble. */
export const Id = z.guid().describe('uuid');

/** A query naming one location, and nothing else. */
export const LocationOnlyQuery = z.strictObject({ location_id: Id });
/** Timestamps out: UTC with `Z`. */
export const Timestamp = z.iso.datetime().describe('UTC date-time, e.g. 2026-03-10T09:00:00.000Z');
/** Timestamps in: RFC 3339 with any offset. */
export const DateTimeInput = z.iso.datetime({ offset: true }).describe('RFC 3339 date-time with Z or an offset');
/** A calendar date; in a `from`/`to` query it means local midnight at the location. */
export const DateOnly = z.iso.date();
/** `from`/`to` in queries: a date-time with offset, or a bare date meaning local midnight. */
export const DateOrDateTime = z.union([DateTimeInput, DateOnly]);

/** An integer the server stores: at most what a Postgres `integer` holds (422 `number_too_large` above it). */
export const StoredInteger = z.number().int().max(maxStoredInteger, `at most ${maxStoredInteger}, the largest number the server stores`);
export const Cents = StoredInteger.min(0);
/** How many of something: never negative, so a generated client and a validating proxy know it too. */
export const Count = StoredInteger.min(0);

export const Limit = z.coerce.number().int().min(1).max(100).default(25).describe('Page size, 1 to 100, default 25');
export const Cursor = z.string().min(1).max(1024).describe('The `next_cursor` of the previous page; opaque');

export const PageQuery = { limit: Limit, cursor: Cursor.optional() };

export const IdParams = z.strictObject({ id: Id });

export function page<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    next_cursor: z.string().nullable().describe('Cursor of the next page; null at the end'),
  });
}

export function list<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item) });
}

export const IdempotencyKeyHeader = z.string().min(1).max(255).describe('Idempotency-Key: at most 255 characters, one per logical create');
