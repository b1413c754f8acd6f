import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { testCompanyOf } from '../../src/modules/companies/environments.js';
import { createAccount } from '../../src/modules/staff-accounts/accounts.js';
import { handClock, testSettings, twoLocationStudio } from '../staff-accounts/studio.js';
import { host, origin, password } from './web-studio.js';

/**
 * On a server of one business, staff sign in without naming it. Test mode gives that business a
 * twin company of its own; the twin holds no staff and must not count as a second business.
 */
describe.each(dialects)('sign-in on a server of one business (%s)', (dialect) => {
  const suite = useFreshDatabase(dialect);
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  async function oneBusiness() {
    const clock = handClock();
    const settings = testSettings(clock.now);
    const studio = await twoLocationStudio(suite.db);
    await createAccount(suite.db, settings, studio.business, { email: 'olive@alder.example', displayName: 'Olive', role: 'owner', password });
    app = await buildApp({ db: suite.db, staffAuth: settings, webAppDir: '/nonexistent/web-app/dist', allowedHosts: [host] });
    const signIn = async () => {
      const response = await app!.inject({
        method: 'POST',
        url: '/app/api/sign-in',
        headers: { host, origin, 'content-type': 'application/json' },
        payload: JSON.stringify({ email: 'olive@alder.example', password }),
      });
      return { status: response.statusCode, body: response.json<{ company?: { id: string }; error?: { code: string; param: string } }>() };
    };
    return { studio, signIn };
  }

  it('signs in without company_id, before and after the business uses test mode', async () => {
    const { studio, signIn } = await oneBusiness();
    const before = await signIn();
    expect(before.status, JSON.stringify(before.body)).toBe(200);
    expect(before.body.company?.id).toBe(studio.companyId);

    const twin = await testCompanyOf(suite.db, studio.companyId);
    expect(twin).not.toBe(studio.companyId);
    const after = await signIn();
    expect(after.status, JSON.stringify(after.body)).toBe(200);
    expect(after.body.company?.id).toBe(studio.companyId);
  });

  it('still asks which business once a second live one exists', async () => {
    const { signIn } = await oneBusiness();
    await twoLocationStudio(suite.db);
    const answer = await signIn();
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ code: 'missing_field', param: 'company_id' });
  });
});
