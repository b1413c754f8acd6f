import { startClockedWebStack, type ClockedWebStack } from '@studio/testkit/web/clocked-web-stack';
import { webSeed } from '@studio/testkit/web/seed-business';
import { launchStaffBrowser, StaffPage, answerForEachTest } from '@studio/testkit/web/staff-page';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Each staff member picks their own language on the Account page; the whole app follows at once and
 * keeps it on the next visit, and "the location's language" hands it back to the location.
 */
let stack: ClockedWebStack;
let browser: Browser;
let page: StaffPage;

beforeAll(async () => {
  [stack, browser] = await Promise.all([startClockedWebStack(), launchStaffBrowser()]);
  page = await StaffPage.open(browser, stack.origin);
  await page.completeOwnerSetup(stack.setupLink, webSeed.owner);
  await page.choose('Location', 'North');
});

afterAll(async () => {
  await page?.close();
  await browser?.close();
  await stack?.close();
});

answerForEachTest(() => page);

describe("a staff member's language", () => {
  it('switches the app to German from the Account page, keeps it after a reload, and goes back to the location’s', async () => {
    await page.open('Account');
    await page.choose('Language', 'Deutsch');
    const nav = page.page.getByRole('navigation', { name: 'Hauptmenü' });
    await nav.getByRole('link', { name: 'Mitglieder', exact: true }).waitFor();
    await expect(page.page.getByRole('banner').getByRole('button', { name: 'Abmelden' }).isVisible()).resolves.toBe(true);
    expect(await page.page.locator('html').getAttribute('lang')).toBe('de');
    await page.check('account-language-de');

    await page.page.reload();
    await nav.getByRole('link', { name: 'Heute', exact: true }).click();
    // Today, Members, Staff and Account speak it too, and so does the header's search.
    await page.page.getByRole('combobox', { name: 'Mitglieder suchen' }).waitFor();
    await page.heading('Heute').waitFor();
    await page.page.getByText('Heute eingecheckt', { exact: true }).waitFor();
    await page.check('today-de');
    await nav.getByRole('link', { name: 'Mitglieder', exact: true }).click();
    await page.heading('Mitglieder').waitFor();
    await page.page.getByRole('radiogroup', { name: 'Mitgliedschaft' }).getByText('Ohne Mitgliedschaft', { exact: true }).waitFor();
    await page.check('members-de');
    // Staff: the owner's own row, roles and the recent changes in German, dates as Germans write them.
    await nav.getByRole('link', { name: 'Personal', exact: true }).click();
    await page.heading('Personal').waitFor();
    const staff = page.page.getByRole('table', { name: 'Personalkonten' });
    await staff.getByRole('cell', { name: 'Inhaber', exact: true }).waitFor();
    await staff.getByRole('cell', { name: 'Alle Standorte', exact: true }).waitFor();
    await page.page.getByRole('heading', { name: 'Letzte Änderungen' }).waitFor();
    const changes = page.page.getByRole('table', { name: 'Letzte Änderungen' });
    await changes.getByRole('cell', { name: 'Inhaber angelegt', exact: true }).waitFor();
    // Who made the owner, in German too: the setup link the owner came in by.
    const ownerMade = changes.getByRole('row').filter({ has: page.page.getByRole('cell', { name: 'Inhaber angelegt', exact: true }) });
    await ownerMade.getByRole('cell', { name: 'Der Einrichtungslink', exact: true }).waitFor();
    await page.page.getByRole('button', { name: 'Person hinzufügen' }).waitFor();
    await page.check('staff-de');
    await page.page.getByRole('button', { name: 'Person hinzufügen' }).click();
    const adding = page.page.getByRole('dialog', { name: 'Person hinzufügen' });
    await adding.getByRole('combobox', { name: 'Rolle' }).waitFor();
    await page.check('staff-add-de', { show: adding });
    await adding.getByRole('button', { name: 'Abbrechen' }).click();
    await adding.waitFor({ state: 'hidden' });
    // Account: its sessions table and the way to sign out everywhere.
    await nav.getByRole('link', { name: 'Konto', exact: true }).click();
    await page.heading('Konto').waitFor();
    await page.page.getByRole('table', { name: 'Ihre Sitzungen' }).getByText('Dieser Browser', { exact: true }).waitFor();
    await page.page.getByRole('button', { name: 'Überall abmelden' }).waitFor();
    await page.check('account-de');

    await page.choose('Sprache', 'Sprache des Standorts (English)');
    await page.mainNavigation().getByRole('link', { name: 'Members', exact: true }).waitFor();
    expect(await page.page.locator('html').getAttribute('lang')).toBe('en');
  });
});
