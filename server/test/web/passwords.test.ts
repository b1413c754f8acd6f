import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultLimits } from '../../src/config.js';
import { attemptDelays } from '../../src/modules/staff-accounts/attempts.js';
import { hashSecret } from '../../src/modules/staff-accounts/secrets.js';
import { password, setCookieOf, webStudio, type Browser, type WebResponse } from './web-studio.js';

type Studio = Awaited<ReturnType<typeof webStudio>>;
type Link = { url: string; expires_at: string };

const hour = 60 * 60 * 1000;
const strong = 'lantern orchard velvet canyon';
const errorOf = (response: WebResponse) => response.json<{ error: { code: string; message: string; param?: string } }>().error;
/** The part after `#`, as the password page sends it. */
const fragmentOf = (link: Link) => link.url.split('#')[1]!;

describe.each(dialects)('staff passwords: invitations, own change, resets (%s)', (dialect) => {
  const suite = useFreshDatabase(dialect);
  let s: Studio;
  let owner: Browser;
  let manager: Browser;
  beforeAll(async () => {
    s = await webStudio(suite.db);
    owner = await s.signIn('olive@alder.example');
    manager = await s.signIn('mark@alder.example');
  });
  afterAll(() => s.app.close());

  const invite = (as: Browser, email: string, locationIds = [s.studio.north]) =>
    s.send({ method: 'POST', url: '/app/api/accounts', as, body: { email, display_name: email.split('@')[0], role: 'front_desk', location_ids: locationIds } });
  const useLink = (link: string, chosen: string) => s.send({ method: 'POST', url: '/app/api/password', body: { link, password: chosen } });
  const signIn = (email: string, chosen: string) => s.send({ method: 'POST', url: '/app/api/sign-in', body: { email, password: chosen, company_id: s.studio.companyId } });
  const browserOf = (response: WebResponse): Browser => ({ cookie: setCookieOf(response)!.split(';')[0]!, csrf: response.json<{ csrf_token: string }>().csrf_token });
  const session = (as: Browser) => s.send({ method: 'GET', url: '/app/api/session', as });

  it('invites without a password: the answer carries a one-time link, only its hash is stored, and nobody can sign in before it is used', async () => {
    const refused = await s.send({
      method: 'POST',
      url: '/app/api/accounts',
      as: owner,
      body: { email: 'pat@alder.example', display_name: 'Pat', role: 'front_desk', location_ids: [s.studio.north], password: strong },
    });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused)).toMatchObject({ code: 'parameter_unknown', param: 'password' });

    const created = await invite(owner, 'ivy@alder.example');
    expect(created.statusCode, created.body).toBe(201);
    const account = created.json<{ id: string; email: string; password_link: Link }>();
    expect(account.email).toBe('ivy@alder.example');
    expect(account.password_link.url).toMatch(/^\/app\/password#[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(account.password_link.expires_at) - s.clock.now()).toBe(72 * hour);
    const [id, secret] = fragmentOf(account.password_link).split('.') as [string, string];
    const stored = await suite.db.first(suite.db.qb.selectFrom('staff_password_links').selectAll().where('id', '=', id));
    expect(stored).toMatchObject({ account_id: account.id, purpose: 'invitation', token_hash: hashSecret(secret), used_at: null });
    expect(JSON.stringify(stored)).not.toContain(secret);

    // No password works before the link is used, not even the empty one's placeholder.
    expect(errorOf(await signIn('ivy@alder.example', '!no password yet')).code).toBe('invalid_credentials');
  });

  it('lets the invitee set their own password once: a weak one is refused with 422 and the link kept; then signed in', async () => {
    const link = (await invite(owner, 'jo@alder.example')).json<{ password_link: Link }>().password_link;
    const weak = await useLink(fragmentOf(link), 'password1234');
    expect(weak.statusCode).toBe(422);
    expect(errorOf(weak)).toMatchObject({ code: 'password_too_weak', param: 'password', message: expect.stringContaining('too easy to guess') });
    const short = await useLink(fragmentOf(link), 'Xq7#k2!');
    expect(short.statusCode).toBe(422);
    expect(errorOf(short).message).toContain('at least 10 characters');
    // Their own email is easy to guess.
    expect(errorOf(await useLink(fragmentOf(link), 'jo@alder.example')).code).toBe('password_too_weak');

    const used = await useLink(fragmentOf(link), strong);
    expect(used.statusCode, used.body).toBe(200);
    expect(used.json<{ account: { email: string } }>().account.email).toBe('jo@alder.example');
    expect((await session(browserOf(used))).statusCode).toBe(200);

    const again = await useLink(fragmentOf(link), 'another fine long phrase');
    expect(again.statusCode).toBe(401);
    expect(errorOf(again)).toMatchObject({ code: 'password_link_invalid', message: expect.stringContaining('ask an owner or a manager') });
    expect((await signIn('jo@alder.example', strong)).statusCode).toBe(200);
  });

  it('refuses a link expired after 72 hours, one replaced by a newer, a wrong secret, and a disabled account', async () => {
    const first = (await invite(owner, 'kim@alder.example')).json<{ id: string; password_link: Link }>();
    const [id] = fragmentOf(first.password_link).split('.');
    expect(errorOf(await useLink(`${id}.${'A'.repeat(43)}`, strong)).code).toBe('password_link_invalid');
    expect(errorOf(await useLink('no dot here', strong)).code).toBe('password_link_invalid');

    // A reset link ends the invitation: one live link per account.
    const second = (await s.send({ method: 'POST', url: `/app/api/accounts/${first.id}/password-link`, as: owner })).json<Link>();
    expect(errorOf(await useLink(fragmentOf(first.password_link), strong)).code).toBe('password_link_invalid');

    s.clock.advance(72 * hour);
    expect(errorOf(await useLink(fragmentOf(second), strong)).code).toBe('password_link_invalid');
    // The sessions idled out meanwhile too.
    owner = await s.signIn('olive@alder.example');
    manager = await s.signIn('mark@alder.example');

    const third = (await s.send({ method: 'POST', url: `/app/api/accounts/${first.id}/password-link`, as: owner })).json<Link>();
    expect((await s.send({ method: 'POST', url: `/app/api/accounts/${first.id}/disable`, as: owner })).statusCode).toBe(200);
    expect(errorOf(await useLink(fragmentOf(third), strong)).code).toBe('password_link_invalid');
    const refused = await s.send({ method: 'POST', url: `/app/api/accounts/${first.id}/password-link`, as: owner });
    expect(errorOf(refused)).toMatchObject({ code: 'invalid_param', param: 'id' });
  });

  it('resets by a link: the old password works until it is used, then every session of the account ends', async () => {
    const created = (await invite(owner, 'lee@alder.example')).json<{ id: string; password_link: Link }>();
    const lee = browserOf(await useLink(fragmentOf(created.password_link), strong));
    const reset = await s.send({ method: 'POST', url: `/app/api/accounts/${created.id}/password-link`, as: manager });
    expect(reset.statusCode, reset.body).toBe(201);
    expect((await session(lee)).statusCode).toBe(200);
    expect((await signIn('lee@alder.example', strong)).statusCode).toBe(200);

    const chosen = 'quartz meadow tiny falcon';
    const used = await useLink(fragmentOf(reset.json<Link>()), chosen);
    expect(used.statusCode, used.body).toBe(200);
    expect(errorOf(await session(lee)).code).toBe('invalid_session');
    expect((await session(browserOf(used))).statusCode).toBe(200);
    expect(errorOf(await signIn('lee@alder.example', strong)).code).toBe('invalid_credentials');
    expect((await signIn('lee@alder.example', chosen)).statusCode).toBe(200);

    const audit = (await s.send({ method: 'GET', url: '/app/api/audit', as: owner })).json<{ data: { action: string; actor: unknown; target: string }[] }>().data;
    // The hand clock stands still: entries of one instant come in no set order.
    const lees = audit.filter((entry) => entry.target === 'lee').map((entry) => [entry.action, entry.actor]);
    expect(lees).toEqual(
      expect.arrayContaining([
        ['password_invitation_minted', { kind: 'account', account_id: s.owner.id, name: 'olive', role: 'owner' }],
        ['password_reset_minted', { kind: 'account', account_id: s.manager.id, name: 'mark', role: 'manager' }],
        ['password_set_from_link', { kind: 'password_link' }],
      ]),
    );
  });

  it('lets a manager reset only front-desk accounts at its locations, never an owner; the front desk none', async () => {
    const refusedOwner = await s.send({ method: 'POST', url: `/app/api/accounts/${s.owner.id}/password-link`, as: manager });
    expect(refusedOwner.statusCode).toBe(403);
    expect(errorOf(refusedOwner).code).toBe('role_not_allowed');
    expect(errorOf(await s.send({ method: 'POST', url: `/app/api/accounts/${s.southDesk.id}/password-link`, as: manager })).code).toBe('location_not_allowed');
    const desk = await s.signIn('dee@alder.example');
    expect(errorOf(await s.send({ method: 'POST', url: `/app/api/accounts/${s.southDesk.id}/password-link`, as: desk })).code).toBe('role_not_allowed');
    expect((await s.send({ method: 'POST', url: `/app/api/accounts/${s.manager.id}/password-link`, as: owner })).statusCode).toBe(201);
  });

  it('changes your own password: the current one asked, the new one judged, every other session ended', async () => {
    const email = 'max@alder.example';
    const created = (await invite(owner, email)).json<{ password_link: Link }>();
    const here = browserOf(await useLink(fragmentOf(created.password_link), strong));
    const elsewhere = browserOf(await signIn(email, strong));
    const change = (body: object) => s.send({ method: 'POST', url: '/app/api/account/password', as: here, body });

    const wrong = await change({ current_password: 'not my password at all', new_password: 'quartz meadow tiny falcon' });
    expect(wrong.statusCode).toBe(401);
    expect(errorOf(wrong).code).toBe('invalid_credentials');
    const weak = await change({ current_password: strong, new_password: 'max12345678' });
    expect(weak.statusCode).toBe(422);
    expect(errorOf(weak).code).toBe('password_too_weak');
    expect((await session(elsewhere)).statusCode).toBe(200);

    const chosen = 'quartz meadow tiny falcon';
    const changed = await change({ current_password: strong, new_password: chosen });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({ other_sessions_ended: 1 });
    expect((await session(here)).statusCode).toBe(200);
    expect(errorOf(await session(elsewhere)).code).toBe('invalid_session');
    expect(errorOf(await signIn(email, strong)).code).toBe('invalid_credentials');
    expect((await signIn(email, chosen)).statusCode).toBe(200);
  });

  it('counts a wrong current password against the "password again" waits', async () => {
    const email = 'ned@alder.example';
    const here = browserOf(await useLink(fragmentOf((await invite(owner, email)).json<{ password_link: Link }>().password_link), strong));
    const change = (current: string) => s.send({ method: 'POST', url: '/app/api/account/password', as: here, body: { current_password: current, new_password: 'quartz meadow tiny falcon' } });
    for (let i = 0; i < attemptDelays.pair.free; i++) expect(errorOf(await change('a wrong guess, again')).code).toBe('invalid_credentials');
    const limited = await change(strong);
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited).code).toBe('rate_limited');
    s.clock.advance(1000);
    expect((await change(strong)).statusCode).toBe(200);
  });

  it('holds the CSRF rules: a password link needs a same-origin Origin, a change the session token', async () => {
    const link = (await invite(owner, 'oz@alder.example')).json<{ password_link: Link }>().password_link;
    const forged = await s.send({ method: 'POST', url: '/app/api/password', body: { link: fragmentOf(link), password: strong }, origin: 'http://evil.example' });
    expect(forged.statusCode).toBe(403);
    expect(errorOf(forged).code).toBe('csrf_failed');
    const noToken = await s.send({ method: 'POST', url: '/app/api/account/password', as: owner, csrf: null, body: { current_password: password, new_password: strong } });
    expect(errorOf(noToken).code).toBe('csrf_failed');
    expect((await useLink(fragmentOf(link), strong)).statusCode).toBe(200);
  });

  it("shows the sign-in page the studio's name and whether it has an owner yet, and nothing else", async () => {
    const named = await s.send({ method: 'GET', url: `/app/api/sign-in-page?company_id=${s.studio.companyId}` });
    expect(named.statusCode, named.body).toBe(200);
    const studioName = (await suite.db.first(suite.db.qb.selectFrom('companies').select('name').where('id', '=', s.studio.companyId)))!.name;
    expect(named.json()).toEqual({ studio_name: studioName, needs_owner: false });
    // Two businesses and none named: no name to show.
    expect((await s.send({ method: 'GET', url: '/app/api/sign-in-page' })).json()).toEqual({ studio_name: null, needs_owner: false });

    await suite.db.run(
      suite.db.qb
        .updateTable('staff_accounts')
        .set({ disabled_at: new Date(s.clock.now()).toISOString() })
        .where('id', '=', s.otherOwner.id),
    );
    expect((await s.send({ method: 'GET', url: `/app/api/sign-in-page?company_id=${s.other.companyId}` })).json()).toMatchObject({ needs_owner: true });
  });
});

describe.each(dialects)('staff passwords, signed-out routes limited per client (%s)', (dialect) => {
  const suite = useFreshDatabase(dialect);
  let s: Studio;
  beforeAll(async () => {
    s = await webStudio(suite.db, { limits: { ...defaultLimits, rateLimitSessionMax: 0, rateLimitAnonymousMax: 3 } });
  });
  afterAll(() => s.app.close());

  it('cuts off a flood of password links and sign-in page reads from one client', async () => {
    const tries = [
      () => s.send({ method: 'POST', url: '/app/api/password', body: { link: `${crypto.randomUUID()}.${'B'.repeat(43)}`, password: strong } }),
      () => s.send({ method: 'GET', url: '/app/api/sign-in-page' }),
      () => s.send({ method: 'POST', url: '/app/api/password', body: { link: `${crypto.randomUUID()}.${'B'.repeat(43)}`, password: strong } }),
    ];
    for (const attempt of tries) expect((await attempt()).statusCode).not.toBe(429);
    const limited = await s.send({ method: 'GET', url: '/app/api/sign-in-page' });
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited).code).toBe('rate_limited');
  });
});
