import { dialects, freshDatabase, type TestDatabase } from '@studio/testkit/server/databases';
import { runStudio } from '@studio/testkit/server/processes';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { openDatabase } from '../../src/db/dialects/open.js';
import type { Db } from '../../src/db/types.js';
import { createAccount } from '../../src/modules/staff-accounts/accounts.js';
import { handClock, testSettings, twoLocationStudio } from '../staff-accounts/studio.js';
import { setCookieOf } from './web-studio.js';

describe.each(dialects)('accounts reset-link: a locked-out owner back in from the command line (%s)', (dialect) => {
  let database: TestDatabase;
  let db: Db;
  let app: FastifyInstance;
  const settings = testSettings(handClock().now);
  beforeAll(async () => {
    database = await freshDatabase(dialect);
    db = await openDatabase(database.url);
    const studio = await twoLocationStudio(db);
    await createAccount(db, settings, studio.business, { email: 'olive@alder.example', displayName: 'Olive', role: 'owner', password: 'a forgotten owner passphrase' });
    app = await buildApp({ db, staffAuth: settings, webAppDir: '/nonexistent', allowedHosts: ['box.test'] });
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    await database?.drop();
  });

  const post = (url: string, body: object) =>
    app.inject({ method: 'POST', url, headers: { host: 'box.test', origin: 'http://box.test', 'content-type': 'application/json' }, payload: JSON.stringify(body) });

  it("prints a link for the owner's email that sets a new password once and signs them in", async () => {
    const printed = await runStudio(database.url, ['accounts', 'reset-link', 'Olive@Alder.example', '--url', 'http://box.test:3000/']);
    expect(printed.code, printed.stderr).toBe(0);
    const link = printed.stdout.trim();
    expect(link).toMatch(/^http:\/\/box\.test:3000\/app\/password#[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/);
    expect(printed.stderr).toContain('sets a new password once');

    const used = await post('/app/api/password', { link: link.split('#')[1], password: 'lantern orchard velvet canyon' });
    expect(used.statusCode, used.body).toBe(200);
    expect(setCookieOf(used as never)).toMatch(/^studio_session=/);
    expect((await post('/app/api/sign-in', { email: 'olive@alder.example', password: 'lantern orchard velvet canyon' })).statusCode).toBe(200);
    expect((await post('/app/api/sign-in', { email: 'olive@alder.example', password: 'a forgotten owner passphrase' })).statusCode).toBe(401);
  });

  it('says so when no account has the email', async () => {
    const refused = await runStudio(database.url, ['accounts', 'reset-link', 'nobody@alder.example']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('No staff account has the email nobody@alder.example');
  });
});
