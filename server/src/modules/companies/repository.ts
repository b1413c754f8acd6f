import { randomBytes, randomUUID } from 'node:crypto';
import { ApiError } from '@studio/shared';
import type { Queryable, Db } from '../../db/types.js';
import { nowIso } from '../../clock/time.js';

/** A company's key prefix, the start of its API keys (modules/keys/key-format.ts reads it in a key). */
export const keyPrefixPattern = /^[a-z][a-z0-9]{1,19}$/;

export interface CompanyInput {
  id?: string;
  name: string;
  key_prefix?: string;
}

export async function createCompany(db: Db, input: CompanyInput, tx: Queryable = db) {
  const keyPrefix = input.key_prefix ?? 'studio';
  if (!keyPrefixPattern.test(keyPrefix)) {
    throw new ApiError('invalid_param', 'key_prefix must be 2-20 lower-case letters and digits, starting with a letter.', { param: 'key_prefix' });
  }
  const row = { id: input.id ?? randomUUID(), name: input.name, key_prefix: keyPrefix, created_at: nowIso() };
  await tx.run(db.qb.insertInto('companies').values({ ...row, credential_secret: randomBytes(32).toString('base64url') }));
  return row;
}

export function findCompany(db: Db, id: string) {
  return db.first(db.qb.selectFrom('companies').select(['id', 'name', 'key_prefix', 'created_at']).where('id', '=', id));
}
