import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import { describe, expect, it } from 'vitest';
import { createCompany } from '../../src/modules/companies/repository.js';
import { createKey, revokeKey } from '../../src/modules/keys/repository.js';
import { authenticate } from '../../src/plugins/auth.js';

describe.each(dialects)('the key cache (%s)', (dialect) => {
  const suite = useFreshDatabase(dialect);

  it('first asked inside a transaction that rolls back, it still sees the process revoke a key', async () => {
    const company = await createCompany(suite.db, { name: 'Rollback Gym' });
    const { id, key } = await createKey(suite.db, { companyId: company.id, scopes: 'all', locationIds: 'all' });
    const rolledBack = new Error('rolled back on purpose');
    await expect(
      suite.db.transaction(async () => {
        await authenticate(suite.db, `Bearer ${key}`);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect((await authenticate(suite.db, `Bearer ${key}`)).keyId).toBe(id);
    await revokeKey(suite.db, id);
    await expect(authenticate(suite.db, `Bearer ${key}`)).rejects.toMatchObject({ code: 'invalid_api_key' });
  });

  it('answers the same grant for a key until it changes, and the changed one after', async () => {
    const company = await createCompany(suite.db, { name: 'Rescope Gym' });
    const { id, key } = await createKey(suite.db, { companyId: company.id, scopes: 'all', locationIds: 'all' });
    const first = await authenticate(suite.db, `Bearer ${key}`);
    expect(await authenticate(suite.db, `Bearer ${key}`)).toEqual(first);
    await suite.db.run(
      suite.db.qb
        .updateTable('api_keys')
        .set({ scopes: JSON.stringify(['checkin:members']) })
        .where('id', '=', id),
    );
    expect((await authenticate(suite.db, `Bearer ${key}`)).scopes).toEqual(['checkin:members']);
  });
});
