import { dialects } from '@studio/testkit/server/databases';
import { startCrossOriginPage, type ForgedWrite } from '@studio/testkit/web/cross-origin-page';
import { webSeed } from '@studio/testkit/web/seed-business';
import { labelled, launchStaffBrowser, StaffPage } from '@studio/testkit/web/staff-page';
import { startWebStack, type WebStack } from '@studio/testkit/web/web-stack';
import type { Browser, Response } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue 17, staff accounts and sessions in the browser: the first owner through the setup link,
 * signing in and out, a front desk limited to North, and the attacks the session must survive
 * (a forged cross-origin write, a planted session cookie). The steps build on each other, in
 * order, on one stack per database: SQLite and Postgres (several `serve` processes share sessions there).
 */
const { owner, frontDesk, southMember, northMember } = webSeed;
const signedOutPaths = ['/app/', '/app/members', '/app/developers', '/app/staff', '/app/account'];

describe.each(dialects)('staff accounts and sessions on %s', (dialect) => {
  let stack: WebStack;
  let browser: Browser;
  let opened: StaffPage[] = [];

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startWebStack({ dialect }), launchStaffBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  afterEach(async ({ task }) => {
    const pages = opened;
    opened = [];
    if (task.result?.state === 'fail') await Promise.all(pages.map((page, i) => page.saveFailure(`${dialect}-${task.name}-${i}`)));
    await Promise.all(pages.map((page) => page.close()));
    // Every page of the test ran without an uncaught error and without a serious axe finding.
    expect(pages.flatMap((page) => page.pageErrors)).toEqual([]);
    expect(pages.flatMap((page) => page.accessibility)).toEqual([]);
  });

  const openPage = async () => {
    // The pages are the same on either database: axe and the screenshots run on the first one only.
    const page = await StaffPage.open(browser, stack.origin, undefined, { checks: dialect === dialects[0] });
    opened.push(page);
    return page;
  };

  const signedInOwner = async () => {
    const page = await openPage();
    await page.signIn(owner.email, owner.password);
    return page;
  };

  /** Waits for the app's answer to a request whose URL passes `match`, e.g. a member search. */
  const answerTo = (page: StaffPage, match: (url: string) => boolean) => page.page.waitForResponse((response) => match(decodeURIComponent(response.url())));

  it('sets up the first owner through the link the CLI printed, and the link works once', async () => {
    expect(stack.setupLink).toMatch(new RegExp(`^${stack.origin}/app/setup#[\\w-]+$`));
    const page = await openPage();
    // Before any owner exists, the sign-in page says where the first account comes from.
    await page.goto('/app/sign-in');
    await page.page.getByText(/^No owner account yet\? The first one comes from the setup link/).waitFor();
    await page.goto(stack.setupLink);
    await page.heading('Create the owner account').waitFor();
    await page.check('owner-setup');
    await page.completeOwnerSetup(stack.setupLink, owner);
    await expect.poll(() => page.page.getByRole('banner').textContent()).toContain(`Signed in as ${owner.name}`);
    await page.check('today-empty');

    // The same link, again, in another browser: refused, nobody signed in.
    const again = await openPage();
    await again.goto(stack.setupLink);
    await again.heading('Create the owner account').waitFor();
    await labelled(again.page, 'Email').fill('second@harbour.example');
    await labelled(again.page, 'Your name').fill('Second Owner');
    await labelled(again.page, 'Password').fill('another long password');
    await again.button('Create owner account').click();
    await again.page.getByRole('alert').first().waitFor();
    expect(await again.sessionCookies()).toEqual([]);
    await again.goto('/app/');
    await again.heading('Sign in').waitFor();
  });

  it('sends every signed-out page to the sign-in page, refuses a wrong password, signs in and out', async () => {
    const page = await openPage();
    for (const path of [...signedOutPaths, `/app/members/${stack.seed.contacts.nora}`]) {
      await page.goto(path);
      await page.heading('Sign in').waitFor();
      expect(page.pathname, `signed out, ${path}`).toBe('/app/sign-in');
    }
    await page.check('sign-in');

    await page.fillSignIn(owner.email, 'not the password at all');
    await page.page.getByRole('alert').first().waitFor();
    expect(page.pathname).toBe('/app/sign-in');
    expect(await page.sessionCookies()).toEqual([]);
    await page.check('sign-in-refused');

    await page.signIn(owner.email, owner.password);
    const session = await page.sessionCookies();
    expect(session.length).toBeGreaterThan(0);
    await page.signOut();
    expect(page.pathname).toBe('/app/sign-in');
    await page.goto('/app/');
    await page.heading('Sign in').waitFor();

    // The cookie the browser held is dead on the server too, not just forgotten by the browser.
    const replay = await openPage();
    await replay.context.addCookies(session);
    await replay.goto('/app/');
    await replay.heading('Sign in').waitFor();
  });

  it('lets the owner add a front-desk account that works at North only', async () => {
    const page = await signedInOwner();
    await page.open('Members');
    await page.check('members');
    await page.open('Account');
    await page.page.getByRole('table', { name: 'Your sessions' }).waitFor();
    await page.check('account');

    await page.open('Staff');
    const accounts = page.page.getByRole('table', { name: 'Staff accounts' });
    await expect.poll(() => accounts.textContent()).toContain(owner.email);
    await page.check('staff');
    await page.button('Add staff member').click();
    const dialog = page.dialog('Add staff member');
    await labelled(dialog, 'Email').fill(frontDesk.email);
    await labelled(dialog, 'Name').fill(frontDesk.name);
    await page.choose('Role', 'Front desk', dialog);
    // Assumed by the tests (the label contract names no location field): one checkbox per location, named after it.
    await dialog.getByRole('checkbox', { name: 'North', exact: true }).check();
    // No password field: the person chooses their own through the link the owner hands over.
    expect(await dialog.getByLabel(/password/i).count()).toBe(0);
    await page.check('add-staff-member');
    await dialog.getByRole('button', { name: 'Add staff member' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const shown = page.dialog(`One-time link for ${frontDesk.name}`);
    const link = await labelled(shown, 'One-time link').inputValue();
    expect(link).toMatch(new RegExp(`^${stack.origin}/app/password#[\\w-]+\\.[\\w-]+$`));
    await page.check('invitation-link');
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => accounts.textContent()).toContain(frontDesk.email);
    const row = accounts.getByRole('row').filter({ hasText: frontDesk.email });
    expect(await row.textContent()).toContain('North');
    expect(await row.textContent()).not.toContain('South');

    // The invitee opens the link in their own browser: a weak password is judged while typed and refused, then theirs signs them in.
    const invitee = await openPage();
    await invitee.goto(link);
    await invitee.heading('Choose your password').waitFor();
    await labelled(invitee.page, 'New password').fill('password1234');
    await invitee.page.getByText('Too easy to guess').waitFor();
    await invitee.check('password-link-weak');
    await invitee.button('Save and sign in').click();
    await invitee.page.getByRole('alert').first().waitFor();
    await labelled(invitee.page, 'New password').fill(frontDesk.password);
    await invitee.page.getByText('Strong enough.').waitFor();
    await invitee.button('Save and sign in').click();
    await expect.poll(() => invitee.page.getByRole('banner').textContent()).toContain(`Signed in as ${frontDesk.name}`);
    // The link worked once.
    const again = await openPage();
    await again.goto(link);
    await labelled(again.page, 'New password').fill('another fine long phrase');
    await again.button('Save and sign in').click();
    await again.page.getByRole('alert').first().waitFor();
    expect(await again.sessionCookies()).toEqual([]);
  });

  it("keeps South's members, and the Developers page, from the front desk of North", async () => {
    const desk = await openPage();
    await desk.signIn(frontDesk.email, frontDesk.password);
    expect(await desk.page.getByRole('banner').textContent()).toContain(`Signed in as ${frontDesk.name}`);
    await desk.check('today-front-desk');

    // The location picker offers North alone.
    const picker = labelled(desk.page, 'Location');
    const choices = (await picker.evaluate((element: { tagName: string }) => element.tagName)) === 'SELECT' ? await picker.locator('option').allTextContents() : [await picker.inputValue()];
    expect(choices.map((choice) => choice.trim())).toEqual(['North']);

    // Search works (North's member is found), and finds nobody of South, in the page or in the answer.
    const northAnswer = answerTo(desk, (url) => url.includes('/app/api/') && url.includes(northMember.firstName));
    const results = await desk.searchMembers(northMember.firstName);
    await northAnswer;
    await results
      .filter({ hasText: `${northMember.firstName} ${northMember.lastName}` })
      .first()
      .waitFor();
    await desk.check('member-search');
    const southAnswer = answerTo(desk, (url) => url.includes('/app/api/') && url.includes(southMember.firstName));
    await desk.searchMembers(southMember.firstName);
    const answered = await southAnswer;
    expect(await answered.text()).not.toContain(southMember.lastName);
    await desk.page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
    expect(await results.filter({ hasText: southMember.lastName }).count()).toBe(0);

    // Her page, typed in: a refusal in words, nothing of hers on screen.
    await desk.goto(`/app/members/${stack.seed.contacts.sorcha}`);
    await desk.page.getByRole('alert').first().waitFor();
    expect(await desk.page.locator('body').textContent()).not.toContain(southMember.lastName);
    expect(await desk.heading(`${southMember.firstName} ${southMember.lastName}`).count()).toBe(0);
    await desk.check('member-refused');
    // The server refuses, whatever the page does: the same session asking the web API directly.
    for (const path of [`/app/api/members/${stack.seed.contacts.sorcha}`, `/app/api/v1/contacts/${stack.seed.contacts.sorcha}`]) {
      const response = await desk.context.request.get(`${stack.origin}${path}`);
      expect(response.status(), path).toBe(403);
      expect(await response.text()).not.toContain(southMember.lastName);
    }

    // No Developers link, and the page itself shows no keys.
    expect(await desk.mainNavigation().getByRole('link', { name: 'Developers' }).count()).toBe(0);
    await desk.goto('/app/developers');
    await desk.page.getByRole('alert').or(desk.heading('Today')).first().waitFor();
    expect(await desk.button('Create key').count()).toBe(0);
    expect(await desk.page.getByRole('table', { name: 'API keys' }).count()).toBe(0);
    await desk.check('developers-refused');
  });

  it('ignores writes forged by a page of another origin', async () => {
    const page = await signedInOwner();
    const { north } = stack.seed.locations;
    const forged: ForgedWrite[] = [
      { url: `${stack.origin}/app/api/v1/contacts`, fields: { location_id: north, first_name: 'Mallory', last_name: 'Forged' } },
      { url: `${stack.origin}/app/api/accounts`, fields: { email: 'mallory@evil.example', display_name: 'Mallory', role: 'owner' } },
      { url: `${stack.origin}/app/api/sign-out`, fields: {} },
    ];
    const attacker = await startCrossOriginPage(forged);
    const statuses: number[] = [];
    const onResponse = (response: Response) => {
      if (response.request().method() === 'POST' && response.url().startsWith(stack.origin)) statuses.push(response.status());
    };
    page.context.on('response', onResponse);
    try {
      for (const kind of ['form', 'fetch']) {
        for (const index of forged.keys()) {
          await page.goto(`${attacker.origin}/${kind}/${index}`);
          await page.page.locator('#done').waitFor();
        }
      }
    } finally {
      page.context.off('response', onResponse);
      await attacker.close();
    }
    // Every forged write reached the server (same site: the cookie went along) and was refused.
    expect(statuses).toHaveLength(2 * forged.length);
    for (const status of statuses) expect(status).toBeGreaterThanOrEqual(400);

    // Still signed in; no contact, no account.
    await page.goto('/app/');
    await page.heading('Today').waitFor();
    const searched = answerTo(page, (url) => url.includes('/app/api/') && url.includes('Mallory'));
    const results = await page.searchMembers('Mallory');
    expect(await (await searched).text()).not.toContain('Forged');
    expect(await results.filter({ hasText: 'Forged' }).count()).toBe(0);
    await page.open('Staff');
    await expect.poll(() => page.page.getByRole('table', { name: 'Staff accounts' }).textContent()).toContain(owner.email);
    expect(await page.page.getByRole('table', { name: 'Staff accounts' }).textContent()).not.toContain('mallory@evil.example');
  });

  it('never promotes a session cookie planted before sign-in', async () => {
    // The session cookie's name, from a real sign-in.
    const probe = await signedInOwner();
    const real = await probe.sessionCookies();
    const names = real.map((cookie) => cookie.name);
    expect(names.length).toBeGreaterThan(0);

    // The attacker visits the sign-in page and keeps whatever it was given, plus tokens of their choosing.
    const attacker = await openPage();
    await attacker.goto('/app/sign-in');
    await attacker.heading('Sign in').waitFor();
    // Planted where the server's own cookie lives (the app's path) and at the root, which the browser sends too.
    const forge = (name: string, path: string) => ({
      name,
      value: `planted-${name}-${path.length}-0123456789abcdef`,
      domain: '127.0.0.1',
      path,
      expires: -1,
      httpOnly: true,
      secure: false,
      sameSite: 'Lax' as const,
    });
    const planted = [...(await attacker.appCookies()), ...names.flatMap((name) => [forge(name, '/app'), forge(name, '/')])];

    const victim = await openPage();
    await victim.context.addCookies(planted);
    await victim.signIn(owner.email, owner.password);
    const after = await victim.sessionCookies();
    const plantedValues = new Set(planted.map((cookie) => cookie.value));
    for (const { name, path } of real) {
      const cookie = after.find((c) => c.name === name && c.path === path);
      expect(cookie, `the session cookie ${name} (path ${path}) after sign-in`).toBeDefined();
      expect(plantedValues.has(cookie!.value)).toBe(false);
    }
    // And the attacker's own browser, holding the planted cookies, is signed in as nobody.
    await attacker.goto('/app/');
    await attacker.heading('Sign in').waitFor();
  });

  it('signs every session of the account out with "Sign out everywhere"', async () => {
    const [first, second] = [await signedInOwner(), await signedInOwner()];
    await first.open('Account');
    const sessions = first.page.getByRole('table', { name: 'Your sessions' });
    await sessions.waitFor();
    await first.button('Sign out everywhere').click();
    // Whatever confirmation the app asks for, the button that confirms names the action again.
    const confirm = first.page.getByRole('dialog').getByRole('button', { name: 'Sign out everywhere' });
    await first.heading('Sign in').or(confirm).first().waitFor();
    if (await confirm.isVisible()) await confirm.click();
    await first.heading('Sign in').waitFor();
    await second.goto('/app/');
    await second.heading('Sign in').waitFor();
  });

  it('resets a password from the Staff page, which signs the old sessions out; the desk then changes its own on Account', async () => {
    const before = await openPage();
    await before.signIn(frontDesk.email, frontDesk.password);
    const page = await signedInOwner();
    await page.open('Staff');
    await page.button(`Reset password of ${frontDesk.name}`).click();
    const link = await page.takePasswordLink(frontDesk.name);

    // Signed out, the sign-in page names the studio and says where a reset link comes from.
    const desk = await openPage();
    await desk.goto('/app/sign-in');
    await desk.page.getByText(`Staff sign-in for ${webSeed.companyName}`).waitFor();
    await desk.page.getByText(/^Forgot your password\? Ask an owner or a manager/).waitFor();
    const reset = 'tidal compass woolen harbor';
    await desk.choosePassword(link, reset);
    await before.goto('/app/');
    await before.heading('Sign in').waitFor();

    await desk.open('Account');
    await labelled(desk.page, 'Current password').fill(reset);
    await labelled(desk.page, 'New password').fill(frontDesk.password);
    await desk.page.getByText('Strong enough.').waitFor();
    await desk.check('account-change-password');
    await desk.button('Change password').click();
    await desk.page.getByRole('status').filter({ hasText: 'Password changed.' }).waitFor();
  });
});
