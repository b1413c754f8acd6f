import { webSeed } from '@studio/testkit/web/seed-business';
import { labelled, launchStaffBrowser, StaffPage, answerForEachTest } from '@studio/testkit/web/staff-page';
import { startWebStack, type WebStack } from '@studio/testkit/web/web-stack';
import type { Browser } from 'playwright-core';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Settings -> Developers, test mode: an owner deletes all test data (the demo loaded there by
 * `studio demo --test`), after the company's name and the password, and sees what went; the test
 * key stays and answers on an empty test mode. Real `studio serve` on SQLite, Debian's Chromium;
 * the steps build on each other.
 */
const { owner, companyName } = webSeed;

let stack: WebStack;
let browser: Browser;
let page: StaffPage;
let testKey = '';

beforeAll(async () => {
  [stack, browser] = await Promise.all([startWebStack(), launchStaffBrowser()]);
  page = await StaffPage.open(browser, stack.origin);
  await page.completeOwnerSetup(stack.setupLink, owner);
  await page.choose('Location', 'North');
  const demo = await stack.cli(['demo', '--test', '--company', stack.seed.companyId]);
  expect(demo.code, demo.stderr).toBe(0);
  testKey = (JSON.parse(demo.stdout) as { key: string }).key;
});

afterAll(async () => {
  await page?.close();
  await browser?.close();
  await stack?.close();
});

answerForEachTest(() => page);

async function testLocations(): Promise<unknown[]> {
  const response = await request(`${stack.apiUrl}/locations`, { headers: { authorization: `Bearer ${testKey}` } });
  expect(response.statusCode).toBe(200);
  return ((await response.body.json()) as { data: unknown[] }).data;
}

describe('deleting all test data on the Developers page', () => {
  it('shows the danger zone in test mode only', async () => {
    await page.open('Developers');
    await page.heading('API keys', 2).waitFor();
    expect(await page.heading('Danger zone', 2).count()).toBe(0);
    await page.page
      .locator('label')
      .filter({ hasText: /^Test mode$/ })
      .click();
    await page.heading('Danger zone', 2).scrollIntoViewIfNeeded();
    await page.page.getByRole('table', { name: 'Test API keys' }).getByRole('row').filter({ hasText: 'demo' }).waitFor();
    expect(await testLocations()).toHaveLength(2);
    await page.check('test-data-danger-zone', { show: page.page.getByRole('region', { name: 'Danger zone' }) });
  });

  it('asks for the name and the password, deletes, shows what went, and the test key answers on an empty test mode', async () => {
    await page.button('Delete all test data').click();
    const dialog = page.dialog('Delete all test data');
    const text = await dialog.textContent();
    expect(text).toContain('This cannot be undone');
    expect(text).toContain('test API keys and test webhook endpoints');
    const confirm = dialog.getByRole('button', { name: 'Delete all test data' });
    await labelled(dialog, 'Password').fill(owner.password);
    await labelled(dialog, 'Company name').fill(companyName.toUpperCase());
    expect(await confirm.isDisabled()).toBe(true);
    await labelled(dialog, 'Company name').fill(companyName);
    expect(await confirm.isDisabled()).toBe(false);
    await page.check('test-data-delete');
    await confirm.click();

    await dialog.getByRole('status').filter({ hasText: 'Test data deleted:' }).waitFor();
    const deleted = dialog.getByRole('list', { name: 'Deleted' });
    const lines = await deleted.getByRole('listitem').allTextContents();
    expect(lines[0]).toBe('2 locations');
    expect(lines).toContain('1 import record');
    expect(await dialog.textContent()).toContain('Kept: 1 test key and 0 test webhook endpoints.');
    await page.check('test-data-deleted');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await page.page.getByRole('table', { name: 'Test API keys' }).getByRole('row').filter({ hasText: 'demo' }).waitFor();
    expect(await testLocations()).toEqual([]);
    // The demo loads into the emptied test mode again.
    const again = await stack.cli(['demo', '--test', '--company', stack.seed.companyId]);
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ created: true });
    expect(await testLocations()).toHaveLength(2);
  });
});
