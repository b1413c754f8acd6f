import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import { startStudio, type StudioProcess } from '@studio/testkit/server/processes';
import { afterAll, describe, expect, it } from 'vitest';
import { createCompany } from '../../src/modules/companies/repository.js';
import { createKey, revokeKey } from '../../src/modules/keys/repository.js';

// Two processes on one SQLite file is not a supported deployment; several processes share Postgres.
describe.each(dialects.filter((d) => d === 'postgres'))('revocation across server processes (%s)', (dialect) => {
  const suite = useFreshDatabase(dialect);
  const processes: StudioProcess[] = [];

  afterAll(async () => {
    await Promise.all(processes.map((process) => process.stop()));
  });

  it('a key revoked through one process is refused by another at its next request', async () => {
    const company = await createCompany(suite.db, { name: 'Multi-site Gym' });
    const { id, key } = await createKey(suite.db, { companyId: company.id, scopes: 'all', locationIds: 'all' });
    const [first, second] = await Promise.all([startStudio('serve', suite.url), startStudio('serve', suite.url)]);
    processes.push(first, second);
    const ping = (base: string) => fetch(`${base}/ping`, { headers: { authorization: `Bearer ${key}` } });
    expect((await ping(first.base)).status).toBe(200);
    expect((await ping(second.base)).status).toBe(200);
    await revokeKey(suite.db, id);
    for (const base of [first.base, second.base]) {
      const answer = await ping(base);
      expect(answer.status).toBe(401);
      expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('invalid_api_key');
    }
  });
});
