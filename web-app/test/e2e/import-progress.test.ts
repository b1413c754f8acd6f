import { gateReadsOf } from '@studio/testkit/server/read-gate';
import { startClockedWebStack, type ClockedWebStack } from '@studio/testkit/web/clocked-web-stack';
import { webSeed } from '@studio/testkit/web/seed-business';
import { labelled, launchStaffBrowser, StaffPage, answerForEachTest } from '@studio/testkit/web/staff-page';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The import page shows a running import's progress, polled from the server: during its own dry
 * run, and after the server refused one because another import of the business runs, until that
 * one ends. The dry run is held at its last step (its read of `import_fingerprints`) for as long as
 * the test looks, so nothing depends on how fast the machine is. The studio runs in this process
 * (`buildApp`, SQLite) with the built web app; Debian's Chromium.
 */
let stack: ClockedWebStack;
let browser: Browser;
let page: StaffPage;
let gate: ReturnType<typeof gateReadsOf>;

const oneRoom = { version: 1, existing: { locations: [{ ref: 'north', slug: 'north' }] }, rooms: [{ ref: 'loft', location: 'north', name: 'Loft' }] };
const bar = () => page.page.getByRole('progressbar', { name: 'Import progress' });

async function chooseFile(): Promise<void> {
  await page.page.locator('input[type="file"]').setInputFiles({ name: 'loft.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(oneRoom)) });
}

beforeAll(async () => {
  [stack, browser] = await Promise.all([
    startClockedWebStack({
      wrapDb: (db) => {
        gate = gateReadsOf(db, 'import_fingerprints');
        return gate.db;
      },
    }),
    launchStaffBrowser(),
  ]);
  page = await StaffPage.open(browser, stack.origin);
  await page.completeOwnerSetup(stack.setupLink, webSeed.owner);
  await page.mainNavigation().getByRole('link', { name: 'Import and export', exact: true }).click();
  await page.heading('Import and export').waitFor();
  await labelled(page.page, 'Your password').fill(webSeed.owner.password);
});

afterAll(async () => {
  await page?.close();
  await browser?.close();
  await stack?.close();
});

answerForEachTest(() => page);

describe('the import progress bar', () => {
  it('shows where its own dry run stands while it runs, and goes when the report is in', async () => {
    await chooseFile();
    const held = gate.shut();
    try {
      await page.button('Dry run').click();
      await held.arrived;
      // A poll answered before the run reached the gate may still show it reading; the next one shows it checking.
      await page.page.getByText('Dry run: checking the file…').waitFor();
      expect(await bar().getAttribute('aria-valuetext')).toBe('Dry run: checking the file…');
      await page.check('import-progress-dry-run');
    } finally {
      held.open();
    }
    await page.page.getByText('Dry run: no problem found').waitFor();
    await bar().waitFor({ state: 'detached' });
  });

  it("shows another import's progress after the server refused a second one, until that one has finished", async () => {
    const held = gate.shut();
    // Another tab of the same owner starts a dry run, which the gate holds.
    const other = page.page.evaluate(async (password) => {
      const session = (await (await fetch('/app/api/session')).json()) as { csrf_token: string };
      const file = { version: 1, existing: { locations: [{ ref: 'north', slug: 'north' }] }, rooms: [{ ref: 'attic', location: 'north', name: 'Attic' }] };
      const response = await fetch('/app/api/import/dry-run', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': session.csrf_token },
        body: JSON.stringify({ password, file }),
      });
      return response.status;
    }, webSeed.owner.password);
    try {
      await held.arrived;
      await page.button('Dry run').click();
      await page.page.getByRole('alert').filter({ hasText: 'An import of this business is already running' }).waitFor();
      await page.page.getByText('Dry run: checking the file…').waitFor();
      expect(await bar().getAttribute('aria-valuetext')).toBe('Dry run: checking the file…');
      await page.check('import-progress-other');
    } finally {
      held.open();
    }
    expect(await other).toBe(200);
    // The other import has ended: the page stops polling and the bar goes; the refusal says to try again.
    await bar().waitFor({ state: 'detached' });
    await page.button('Dry run').click();
    await page.page.getByText('Dry run: no problem found').waitFor();
  });
});
