import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import type { StaffSessionView } from '@studio/shared/web-app';
import { afterEach, describe, expect, it } from 'vitest';
import { webStudio } from './web-studio.js';

type Studio = Awaited<ReturnType<typeof webStudio>>;

/**
 * Each staff account speaks its own language in the web app, or the location's: the session says
 * both, and an account changes only its own.
 */
describe.each(dialects)("a staff member's own language (%s)", (dialect) => {
  const suite = useFreshDatabase(dialect);
  let studio: Studio | undefined;
  afterEach(async () => {
    await studio?.app.close();
    studio = undefined;
  });

  it("follows the location's language until the account chooses one, and back again with null", async () => {
    studio = await webStudio(suite.db);
    await suite.db.run(
      suite.db.qb
        .updateTable('locations')
        .set({ settings: JSON.stringify({ branding: { language: 'de' } }) })
        .where('id', '=', studio.studio.north),
    );
    const desk = await studio.signIn('dee@alder.example');
    const session = async () => (await studio!.send({ method: 'GET', url: '/app/api/session', as: desk })).json<StaffSessionView>();

    const before = await session();
    expect(before.account.language).toBeNull();
    expect(before.locations.map((location) => [location.id, location.language])).toEqual([[studio.studio.north, 'de']]);

    const chosen = await studio.send({ method: 'PATCH', url: '/app/api/account/language', body: { language: 'es' }, as: desk });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json()).toEqual({ language: 'es' });
    expect((await session()).account.language).toBe('es');

    const cleared = await studio.send({ method: 'PATCH', url: '/app/api/account/language', body: { language: null }, as: desk });
    expect(cleared.statusCode).toBe(200);
    expect((await session()).account.language).toBeNull();
  });

  it("changes only the signed-in account's language, and refuses a language the app does not speak", async () => {
    studio = await webStudio(suite.db);
    const owner = await studio.signIn('olive@alder.example');
    const desk = await studio.signIn('dee@alder.example');
    expect((await studio.send({ method: 'PATCH', url: '/app/api/account/language', body: { language: 'de' }, as: owner })).statusCode).toBe(200);

    const deskSession = (await studio.send({ method: 'GET', url: '/app/api/session', as: desk })).json<StaffSessionView>();
    expect(deskSession.account.language).toBeNull();

    const french = await studio.send({ method: 'PATCH', url: '/app/api/account/language', body: { language: 'fr' }, as: owner });
    expect(french.statusCode).toBe(400);
    expect(french.json<{ error: { param: string } }>().error.param).toBe('language');
    const someoneElse = await studio.send({ method: 'PATCH', url: '/app/api/account/language', body: { language: 'es', account_id: studio.desk.id }, as: owner });
    expect(someoneElse.statusCode).toBe(400);
    const ownerSession = (await studio.send({ method: 'GET', url: '/app/api/session', as: owner })).json<StaffSessionView>();
    expect(ownerSession.account.language).toBe('de');
  });
});
