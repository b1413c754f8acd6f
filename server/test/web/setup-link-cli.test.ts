import { dialects, freshDatabase, type TestDatabase } from '@studio/testkit/server/databases';
import { runStudio } from '@studio/testkit/server/processes';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { openDatabase } from '../../src/db/dialects/open.js';
import type { Db } from '../../src/db/types.js';
import { handClock, testSettings, twoLocationStudio } from '../staff-accounts/studio.js';
import { setCookieOf } from './web-studio.js';

describe.each(dialects)('accounts setup-link: the first owner from the command line to the web app (%s)', (dialect) => {
  let database: TestDatabase;
  let db: Db;
  let app: FastifyInstance;
  let companyId: string;
  beforeAll(async () => {
    database = await freshDatabase(dialect);
    db = await openDatabase(database.url);
    companyId = (await twoLocationStudio(db)).companyId;
    // The name the link is printed with is one the server is told it answers under.
    app = await buildApp({ db, staffAuth: testSettings(handClock().now), webAppDir: '/nonexistent', allowedHosts: ['box.test'] });
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    await database?.drop();
  });

  const setup = (token: string, email: string) =>
    app.inject({
      method: 'POST',
      url: '/app/api/setup',
      headers: { host: 'box.test', origin: 'http://box.test', 'content-type': 'application/json' },
      payload: JSON.stringify({ token, email, display_name: 'Olive', password: 'a long owner passphrase' }),
    });

  it('prints a link whose token, in the fragment, creates the owner once and signs them in', async () => {
    const printed = await runStudio(database.url, ['accounts', 'setup-link', '--url', 'http://box.test:3000/']);
    expect(printed.code, printed.stderr).toBe(0);
    const link = printed.stdout.trim();
    expect(link).toMatch(/^http:\/\/box\.test:3000\/app\/setup#[A-Za-z0-9_-]{43}$/);
    expect(printed.stderr).toContain('works once');
    const token = link.split('#')[1]!;

    const first = await setup(token, 'olive@alder.example');
    expect(first.statusCode, first.body).toBe(201);
    expect(JSON.parse(first.body).account).toMatchObject({ email: 'olive@alder.example', role: 'owner', location_ids: null });
    expect(setCookieOf(first as never)).toMatch(/^studio_session=[A-Za-z0-9_-]{43};/);
    const again = await setup(token, 'mallory@alder.example');
    expect(again.statusCode).toBe(401);
    expect(JSON.parse(again.body).error.code).toBe('setup_link_invalid');

    // The new owner's Recent changes say who by kind, for the web app to word: the link, made on the command line.
    const cookie = setCookieOf(first as never)!.split(';')[0]!;
    const audit = await app.inject({ method: 'GET', url: '/app/api/audit', headers: { host: 'box.test', cookie } });
    expect(audit.statusCode, audit.body).toBe(200);
    const entries = (JSON.parse(audit.body) as { data: { action: string; actor: unknown }[] }).data;
    // The command ran on the real clock, the app on a hand clock: the two come in no set order.
    expect(entries.map((entry) => [entry.action, entry.actor]).sort(([a], [b]) => String(a).localeCompare(String(b)))).toEqual([
      ['owner_created', { kind: 'setup_link' }],
      ['setup_link_minted', { kind: 'command_line' }],
    ]);

    const listed = await runStudio(database.url, ['accounts', 'list']);
    expect(listed.code, listed.stderr).toBe(0);
    expect((JSON.parse(listed.stdout) as { email: string; company_id: string }[]).map((a) => [a.email, a.company_id])).toEqual([['olive@alder.example', companyId]]);
    expect(listed.stdout).not.toContain('scrypt');
  });

  it('asks for --company once the database holds several', async () => {
    await twoLocationStudio(db);
    const refused = await runStudio(database.url, ['accounts', 'setup-link']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('--company');
    const named = await runStudio(database.url, ['accounts', 'setup-link', '--company', companyId]);
    expect(named.code, named.stderr).toBe(0);
    expect(named.stdout).toMatch(/^http:\/\/127\.0\.0\.1:3000\/app\/setup#/);
  });
});
