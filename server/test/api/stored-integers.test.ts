import { maxStoredInteger } from '@studio/shared';
import { contracts, type RouteContract } from '@studio/shared/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ImportFile } from '../../src/modules/setup/import-schema.js';

type JsonSchema = Record<string, unknown>;

/** Every integer in a JSON schema, by its path, with the maximum it allows (undefined: none). */
function integers(schema: unknown, path: string, found: Map<string, number | undefined>): void {
  if (Array.isArray(schema)) return schema.forEach((item) => integers(item, path, found));
  if (schema === null || typeof schema !== 'object') return;
  const node = schema as JsonSchema;
  if (node.type === 'integer') found.set(path, typeof node.maximum === 'number' ? node.maximum : undefined);
  for (const [key, inner] of Object.entries(node)) {
    if (key === 'properties') for (const [name, property] of Object.entries(inner as JsonSchema)) integers(property, `${path}.${name}`, found);
    else if (key === 'items' || key === 'additionalProperties') integers(inner, `${path}[]`, found);
    else if (key !== 'type') integers(inner, path, found);
  }
}

function inputIntegers(schema: z.ZodType, path: string, found: Map<string, number | undefined>): void {
  integers(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }), path, found);
}

/**
 * Postgres stores every amount and count in an `integer` column (int4), SQLite in a 64-bit one: an
 * integer a client sends must fit int4, or Postgres answers what SQLite took with a 500 (issue 30,
 * N13). So every integer any contract accepts, in its path, query or body, and every integer of the
 * import file, states a maximum no larger.
 */
describe('every integer a route or the import file takes fits what both databases store', () => {
  it('is 2^31 - 1', () => {
    expect(maxStoredInteger).toBe(2 ** 31 - 1);
  });

  it('states a maximum of at most that on every integer of every contract and of the import file', () => {
    const found = new Map<string, number | undefined>();
    for (const [name, contract] of Object.entries(contracts) as [string, RouteContract][]) {
      for (const part of ['params', 'query', 'body'] as const) {
        const schema = contract[part];
        if (schema) inputIntegers(schema, `${name} ${part}`, found);
      }
    }
    inputIntegers(ImportFile, 'import file', found);
    expect(found.size).toBeGreaterThan(30);
    const unbounded = [...found].filter(([, maximum]) => maximum === undefined || maximum > maxStoredInteger).map(([path]) => path);
    expect(unbounded).toEqual([]);
  });
});
