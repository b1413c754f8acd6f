import { pingWithKey } from '@studio/testkit/web/api-key-probe';
import { webSeed } from '@studio/testkit/web/seed-business';
import { labelled, launchStaffBrowser, StaffPage, answerForEachTest } from '@studio/testkit/web/staff-page';
import { startWebStack, type WebStack } from '@studio/testkit/web/web-stack';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue 17, Settings -> Developers: a key minted in the browser answers `GET /v1/ping` for an
 * integrator's code (undici, no cookie), its secret is shown once, and after "Revoke" the very next
 * request is refused. Real `studio serve` on SQLite, Debian's Chromium; the steps build on each other.
 */
const { owner } = webSeed;
const keyName = 'Front turnstile';

let stack: WebStack;
let browser: Browser;
let page: StaffPage;
let secret = '';

beforeAll(async () => {
  [stack, browser] = await Promise.all([startWebStack(), launchStaffBrowser()]);
  page = await StaffPage.open(browser, stack.origin);
  await page.completeOwnerSetup(stack.setupLink, owner);
});

afterAll(async () => {
  await page?.close();
  await browser?.close();
  await stack?.close();
});

answerForEachTest(() => page);

const keysTable = () => page.page.getByRole('table', { name: 'API keys' });

describe('API keys on the Developers page', () => {
  it('mints a key with a scope, shows its secret once, and the key answers /v1/ping', async () => {
    await page.open('Developers');
    await page.check('developers-empty');
    await page.button('Create key').click();
    const dialog = page.dialog('Create key');
    await labelled(dialog, 'Name').fill(keyName);
    await dialog.getByRole('checkbox', { name: 'checkin:members', exact: true }).check();
    await labelled(dialog, 'Password').fill(owner.password);
    await page.check('create-key');
    await dialog.getByRole('button', { name: 'Create key' }).click();

    const field = labelled(dialog, 'API key');
    await field.waitFor();
    secret = await field.inputValue();
    expect(secret).toMatch(/^harbour_sk_live_\S+$/);
    expect(await field.getAttribute('readonly')).not.toBeNull();
    await dialog.getByRole('button', { name: 'Copy' }).waitFor();
    const done = dialog.getByRole('button', { name: 'Done' });
    // The dialog will not close before the person says the secret is stored.
    expect(await done.isDisabled()).toBe(true);
    await page.check('create-key-secret');
    await dialog.getByRole('checkbox', { name: 'I have stored it' }).check();
    await done.click();
    await dialog.waitFor({ state: 'hidden' });

    const row = keysTable().getByRole('row').filter({ hasText: keyName });
    await row.waitFor();
    expect(await row.textContent()).toContain(secret.slice(-4));
    expect(await row.textContent()).toContain('checkin:members');
    // Shown once: nowhere on the page now, and not after a reload either.
    expect(await page.page.locator('body').textContent()).not.toContain(secret);
    await page.page.reload();
    await row.waitFor();
    expect(await page.page.content()).not.toContain(secret);
    await page.check('developers');

    const ping = await pingWithKey(stack.apiUrl, secret);
    expect(ping.status).toBe(200);
    expect(ping.body).toMatchObject({ company_id: stack.seed.companyId, scopes: ['checkin:members'] });
  });

  it('revokes the key after its name is typed, and the next request with it is refused 401', async () => {
    expect((await pingWithKey(stack.apiUrl, secret)).status).toBe(200);
    const row = keysTable().getByRole('row').filter({ hasText: keyName });
    await row.getByRole('button', { name: 'Revoke' }).click();
    const dialog = page.dialog('Revoke key');
    const confirm = dialog.getByRole('button', { name: 'Revoke key' });
    await labelled(dialog, 'Password').fill(owner.password);
    await labelled(dialog, 'Key name').fill(keyName);
    await page.check('revoke-key');
    await confirm.click();
    await dialog.waitFor({ state: 'hidden' });

    const refused = await pingWithKey(stack.apiUrl, secret);
    expect(refused.status).toBe(401);
    expect(JSON.stringify(refused.body)).not.toContain(secret);
    await expect.poll(() => row.textContent()).toMatch(/revoked/i);
    await page.check('developers-revoked');
  });

  it('reads in German (key table, test mode, the create dialog) and the widest key row fits a 1024 px tablet', async () => {
    // The widest row a studio makes: many scopes, both locations.
    await page.button('Create key').click();
    const create = page.dialog('Create key');
    await labelled(create, 'Name').fill('Website booking widget');
    for (const scope of ['read:availability', 'read:catalog', 'read:contacts', 'write:contacts', 'read:bookings', 'write:bookings', 'read:memberships'])
      await create.getByRole('checkbox', { name: scope, exact: true }).check();
    await create.getByRole('checkbox', { name: 'South', exact: true }).check();
    await labelled(create, 'Password').fill(owner.password);
    await create.getByRole('button', { name: 'Create key' }).click();
    await create.getByRole('checkbox', { name: 'I have stored it' }).check();
    await create.getByRole('button', { name: 'Done' }).click();
    await create.waitFor({ state: 'hidden' });

    await page.open('Account');
    await page.choose('Language', 'Deutsch');
    await page.page.getByRole('navigation', { name: 'Hauptmenü' }).getByRole('link', { name: 'Entwickler', exact: true }).click();
    await page.page.getByRole('heading', { level: 1, name: 'Entwickler' }).waitFor();
    const table = page.page.getByRole('table', { name: 'API-Schlüssel' });
    await table.getByRole('columnheader', { name: 'Zuletzt genutzt' }).waitFor();
    await table.getByRole('row').filter({ hasText: 'Website booking widget' }).getByRole('button', { name: 'Widerrufen' }).waitFor();
    await page.check('developers-de');
    // Nothing wider than the page at the tablet's width: the table fits without its scroll bar.
    await page.page.setViewportSize({ width: 1024, height: 768 });
    const widths = (await page.page.evaluate(
      `[document.querySelector('table[aria-label="API-Schlüssel"]').scrollWidth, document.querySelector('section[aria-labelledby="keys-heading"]').clientWidth]`,
    )) as [number, number];
    expect(widths[0]).toBeLessThanOrEqual(widths[1]);
    await page.page.setViewportSize({ width: 1440, height: 900 });

    await page.page
      .locator('label')
      .filter({ hasText: /^Testmodus$/ })
      .click();
    await page.page.getByRole('heading', { level: 2, name: 'Test-API-Schlüssel' }).waitFor();
    await page.page.getByRole('status').filter({ hasText: 'Testmodus: Schlüssel und Webhooks wirken hier nur auf Testdaten' }).waitFor();
    await page.button('Testschlüssel erstellen').click();
    await page.dialog('Testschlüssel erstellen').getByText('Geben Sie nur, was das Programm braucht').waitFor();
    await page.check('create-key-de');
    await page.dialog('Testschlüssel erstellen').getByRole('button', { name: 'Abbrechen' }).click();
    await page.check('developers-test-de');

    // Back to the location's language, as the other tests in this file expect English.
    await page.page.getByRole('navigation', { name: 'Hauptmenü' }).getByRole('link', { name: 'Konto', exact: true }).click();
    await page.choose('Sprache', 'Sprache des Standorts (English)');
    await page.mainNavigation().getByRole('link', { name: 'Developers', exact: true }).waitFor();
  });
});
