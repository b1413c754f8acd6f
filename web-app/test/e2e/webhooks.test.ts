import { webSeed } from '@studio/testkit/web/seed-business';
import { labelled, launchStaffBrowser, StaffPage, answerForEachTest } from '@studio/testkit/web/staff-page';
import { WebhookReceiver } from '@studio/testkit/web/webhook-receiver';
import { startWebStack, type WebStack } from '@studio/testkit/web/web-stack';
import type { Browser, Locator } from 'playwright-core';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue 19, Settings -> Developers -> Webhooks: an owner adds an endpoint pointing at a real
 * receiver on loopback, which checks every delivery's signature with the `standardwebhooks`
 * package and the secret the page showed once; the delivery log shows what the worker of
 * `studio serve` did; test mode has its own keys and endpoints, and its events never reach a live
 * endpoint nor live events a test one. Real `studio serve` on SQLite (loopback targets allowed, as
 * only a test would), Debian's Chromium; the steps build on each other.
 */
const { owner } = webSeed;
const manager = { email: 'mina@harbour.example', name: 'Mina Manager', password: 'manager password 42' };

let stack: WebStack;
let browser: Browser;
let receiver: WebhookReceiver;
let page: StaffPage;

beforeAll(async () => {
  receiver = await WebhookReceiver.start();
  // Retries a second after a failure (30 s in production), so a receiver that recovers is seen to within moments.
  [stack, browser] = await Promise.all([startWebStack({ env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'on', WEBHOOK_FIRST_RETRY_MS: '1000' } }), launchStaffBrowser()]);
  page = await StaffPage.open(browser, stack.origin);
  await page.completeOwnerSetup(stack.setupLink, owner);
  await page.choose('Location', 'North');
});

afterAll(async () => {
  await page?.close();
  await browser?.close();
  await stack?.close();
  await receiver?.close();
});

answerForEachTest(
  () => page,
  () => {
    // Nothing reached the receiver with a signature it could not verify.
    expect(receiver.refused).toEqual([]);
  },
);

const endpointCard = (url: string) => page.page.getByRole('article', { name: url });
const deliveryRows = (url: string) => page.page.getByRole('table', { name: `Deliveries to ${url}` }).getByRole('row');

/** The Live / Test mode switch: a radio group whose inputs are hidden under their labels, so the label is what a person clicks. */
async function chooseMode(mode: 'Live' | 'Test mode'): Promise<void> {
  await page.page
    .locator('label')
    .filter({ hasText: new RegExp(`^${mode}$`) })
    .click();
  await expect.poll(() => page.page.getByRole('radio', { name: mode, exact: true }).isChecked()).toBe(true);
}

/** Adds an endpoint through the dialog and answers the secret shown once, after "I have stored it". */
async function addEndpoint(title: string, url: string, chooseEvents: (dialog: Locator) => Promise<void>, screenshot?: string): Promise<string> {
  await page.button(title).click();
  const dialog = page.dialog(title);
  await labelled(dialog, 'Endpoint URL').fill(url);
  await labelled(dialog, 'Description').fill('Booking website');
  await chooseEvents(dialog);
  await labelled(dialog, 'Password').fill(owner.password);
  if (screenshot) await page.check(screenshot);
  await dialog.getByRole('button', { name: title }).click();
  const field = labelled(dialog, 'Signing secret');
  await field.waitFor();
  const secret = await field.inputValue();
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);
  expect(await dialog.textContent()).toContain("import { Webhook } from 'standardwebhooks'");
  if (screenshot) await page.check(`${screenshot}-secret`);
  const done = dialog.getByRole('button', { name: 'Done' });
  expect(await done.isDisabled()).toBe(true);
  await dialog.getByRole('checkbox', { name: 'I have stored it' }).check();
  await done.click();
  await dialog.waitFor({ state: 'hidden' });
  return secret;
}

async function createContactWithKey(key: string, body: Record<string, unknown>): Promise<{ id: string }> {
  const response = await request(`${stack.apiUrl}/contacts`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const answer = (await response.body.json()) as { id: string };
  expect(response.statusCode, JSON.stringify(answer)).toBe(201);
  return answer;
}

describe('webhooks on the Developers page', () => {
  const liveUrl = () => receiver.url('live');

  it('adds an endpoint for chosen events; a new member arrives signed, and the log says delivered', async () => {
    await page.open('Developers');
    await page.heading('Webhooks', 2).waitFor();
    await page.check('webhooks-empty');
    const secret = await addEndpoint(
      'Add endpoint',
      liveUrl(),
      async (dialog) => {
        await dialog.getByRole('checkbox', { name: 'All events, including ones added later' }).uncheck();
        await dialog.getByRole('checkbox', { name: 'Contacts', exact: true }).check();
        await dialog.getByRole('checkbox', { name: 'member.checked_in', exact: true }).check();
      },
      'webhooks-add-endpoint',
    );
    receiver.trust('live', secret);

    const card = endpointCard(liveUrl());
    await card.waitFor();
    const text = await card.textContent();
    for (const words of ['Enabled', 'contact.created', 'contact.updated', 'member.checked_in', secret.slice(-4)]) expect(text).toContain(words);
    expect(await page.page.locator('body').textContent()).not.toContain(secret);

    // A member added at the desk, as any day: the event comes from the server's own change.
    await page.open('Members');
    await page.button('New member').click();
    const dialog = page.dialog('New member');
    await labelled(dialog, 'First name').fill('Wren');
    await labelled(dialog, 'Last name').fill('Hook');
    await dialog.getByRole('button', { name: 'Create member' }).click();
    await page.heading(/Wren Hook/).waitFor();

    const delivered = await receiver.waitFor('live', (d) => d.event.type === 'contact.created' && d.event.data.first_name === 'Wren');
    expect(delivered.event).toMatchObject({ environment: 'live', id: delivered.id });

    await page.open('Developers');
    await card.getByRole('button', { name: 'Delivery log' }).click();
    const row = deliveryRows(liveUrl()).filter({ hasText: 'contact.created' });
    await expect.poll(() => row.textContent(), { timeout: 20_000 }).toContain('Delivered');
    expect(await row.getByRole('button', { name: /^1 attempt of contact\.created from / }).isVisible()).toBe(true);
    await page.check('webhooks-delivery-log');
  });

  it('sends a test event from the card: the receiver verifies a webhook.test, and the log says delivered', async () => {
    const card = endpointCard(liveUrl());
    await card.getByRole('button', { name: 'Send test event' }).click();
    await card.getByRole('status').filter({ hasText: 'Test event sent; see the delivery log.' }).waitFor();
    const test = await receiver.waitFor('live', (d) => d.event.type === 'webhook.test');
    expect(test.event.environment).toBe('live');
    const row = deliveryRows(liveUrl()).filter({ hasText: 'webhook.test' });
    await expect.poll(() => row.textContent(), { timeout: 20_000 }).toContain('Delivered');
    await page.check('webhooks-test-event', { show: row });
  });

  it('rotates the secret (the receiver verifies with the new one), resends, edits, disables and enables, each with the password', async () => {
    const card = endpointCard(liveUrl());
    await card.getByRole('button', { name: 'Rotate secret' }).click();
    const dialog = page.dialog('Rotate signing secret');
    await labelled(dialog, 'Password').fill(owner.password);
    await dialog.getByRole('button', { name: 'Rotate secret' }).click();
    const field = labelled(dialog, 'Signing secret');
    await field.waitFor();
    const secret = await field.inputValue();
    receiver.trust('live', secret);
    await dialog.getByRole('checkbox', { name: 'I have stored it' }).check();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => card.textContent()).toContain(secret.slice(-4));

    // Resent: the same event (same webhook-id) again, signed so the new secret verifies it.
    const first = receiver.at('live').find((d) => d.event.type === 'contact.created')!;
    const row = deliveryRows(liveUrl()).filter({ hasText: 'contact.created' });
    await row.getByRole('button', { name: /^Resend/ }).click();
    await expect.poll(() => receiver.at('live').filter((d) => d.id === first.id).length, { timeout: 30_000 }).toBe(2);

    await card.getByRole('button', { name: 'Edit' }).click();
    const edit = page.dialog('Edit endpoint');
    await labelled(edit, 'Description').fill('Booking website and CRM');
    await edit.getByRole('checkbox', { name: 'class.cancelled', exact: true }).check();
    // Every write to an endpoint asks for the password again: this edit, and disabling and enabling below.
    await labelled(edit, 'Password').fill(owner.password);
    await edit.getByRole('button', { name: 'Save endpoint' }).click();
    await edit.waitFor({ state: 'hidden' });
    await expect.poll(() => card.textContent()).toContain('Booking website and CRM');
    expect(await card.textContent()).toContain('class.cancelled');

    // A wrong password says so in the dialog, and the endpoint stays enabled.
    await card.getByRole('button', { name: 'Disable', exact: true }).click();
    const disable = page.dialog('Disable endpoint');
    const confirmDisable = disable.getByRole('button', { name: 'Disable endpoint' });
    expect(await confirmDisable.isDisabled()).toBe(true);
    await labelled(disable, 'Password').fill('not the password at all');
    await confirmDisable.click();
    await disable.getByRole('alert').filter({ hasText: 'That password is not right.' }).waitFor();
    await page.check('webhooks-disable-wrong-password');
    await page.page.reload();
    await card.waitFor();
    expect(await card.textContent()).toContain('Enabled');
    expect(await card.textContent()).not.toContain('Turned off by a person');

    await card.getByRole('button', { name: 'Disable', exact: true }).click();
    await labelled(page.dialog('Disable endpoint'), 'Password').fill(owner.password);
    await page.dialog('Disable endpoint').getByRole('button', { name: 'Disable endpoint' }).click();
    await page.dialog('Disable endpoint').waitFor({ state: 'hidden' });
    await expect.poll(() => card.textContent()).toContain('Turned off by a person');
    await card.getByRole('button', { name: 'Delivery log' }).click();
    expect(await row.getByRole('button', { name: /^Resend/ }).isDisabled()).toBe(true);
    await page.check('webhooks-disabled');

    await card.getByRole('button', { name: 'Enable', exact: true }).click();
    const enable = page.dialog('Enable endpoint');
    await labelled(enable, 'Password').fill(owner.password);
    await enable.getByRole('button', { name: 'Enable endpoint' }).click();
    await enable.waitFor({ state: 'hidden' });
    await expect.poll(() => card.textContent()).toContain('Enabled');
  });

  it("opens a delivery's attempts by keyboard: the receiver's 503s, then the 204 once it recovered, each in the location's time", async () => {
    // A receiver that answers 503 until it knows the endpoint's secret: down, as far as the studio can tell.
    const flakyUrl = receiver.url('flaky');
    const secret = await addEndpoint('Add endpoint', flakyUrl, async () => undefined);
    const card = endpointCard(flakyUrl);
    await card.getByRole('button', { name: 'Delivery log' }).click();
    const key = await stack.mintKey(['write:contacts'], stack.seed.locations.north, 'flaky website');
    await createContactWithKey(key, { first_name: 'Flick', location_id: stack.seed.locations.north });
    const row = deliveryRows(flakyUrl).filter({ hasText: 'contact.created' });
    await expect.poll(() => row.textContent(), { timeout: 20_000 }).toContain('Retrying');
    expect(await row.textContent()).toContain('The receiver answered HTTP 503. Next try');
    await page.check('webhooks-retrying', { show: row });

    // It recovers: the next retry is delivered, and the log says so.
    receiver.trust('flaky', secret);
    await receiver.waitFor('flaky', (d) => d.event.type === 'contact.created' && d.event.data.first_name === 'Flick');
    await expect.poll(() => row.textContent(), { timeout: 20_000 }).toContain('Delivered');

    const open = row.getByRole('button', { name: / attempts of contact\.created from / });
    expect(await open.getAttribute('aria-expanded')).toBe('false');
    await open.focus();
    await page.page.keyboard.press('Enter');
    expect(await open.getAttribute('aria-expanded')).toBe('true');
    const attempts = page.page.getByRole('table', { name: /^Attempts of contact\.created from / });
    const attemptRows = attempts.getByRole('row');
    await expect.poll(() => attemptRows.count()).toBeGreaterThan(2);
    const lines = (await attemptRows.allTextContents()).slice(1);
    // Every attempt before the last was refused with 503; the last was delivered; each is numbered, timed to the second, with its latency.
    const attempt = (result: string) => new RegExp(`^\\d+\\d{1,2} \\w{3} \\d{4}, \\d\\d:\\d\\d:\\d\\d( \\S+)?${result}\\d+ ms$`);
    expect(
      lines.slice(0, -1).every((line) => attempt('FailedHTTP 503').test(line)),
      lines.join(' | '),
    ).toBe(true);
    expect(lines.at(-1)).toMatch(attempt('DeliveredHTTP 204'));
    expect(await open.textContent()).toBe(`${lines.length} attempts`);

    await page.check('webhooks-attempts', { show: attempts });

    // Closed again from the keyboard; the table goes.
    await open.focus();
    await page.page.keyboard.press('Space');
    await attempts.waitFor({ state: 'detached' });
    expect(await open.getAttribute('aria-expanded')).toBe('false');
  });

  it('in test mode: a test key and a test endpoint; test events go only there, live events only to live', async () => {
    await chooseMode('Test mode');
    await page.page.getByText(/^Test mode: keys and webhooks here act only on test data/).waitFor();
    expect(page.page.url()).toContain('mode=test');
    await page.heading('Test API keys', 2).waitFor();

    await page.button('Create test key').click();
    const keyDialog = page.dialog('Create test key');
    await labelled(keyDialog, 'Name').fill('Website staging');
    for (const scope of ['read:catalog', 'read:contacts', 'write:contacts']) await keyDialog.getByRole('checkbox', { name: scope, exact: true }).check();
    await labelled(keyDialog, 'Password').fill(owner.password);
    await keyDialog.getByRole('button', { name: 'Create test key' }).click();
    const keyField = labelled(keyDialog, 'API key');
    await keyField.waitFor();
    const testKey = await keyField.inputValue();
    expect(testKey).toMatch(/^harbour_sk_test_\S+$/);
    await keyDialog.getByRole('checkbox', { name: 'I have stored it' }).check();
    await keyDialog.getByRole('button', { name: 'Done' }).click();
    await page.page.getByRole('table', { name: 'Test API keys' }).getByRole('row').filter({ hasText: 'Website staging' }).waitFor();

    const testUrl = receiver.url('test');
    const testSecret = await addEndpoint('Add test endpoint', testUrl, async () => undefined);
    receiver.trust('test', testSecret);
    await endpointCard(testUrl).waitFor();
    // The live endpoint belongs to live mode and is not listed here.
    expect(await endpointCard(liveUrl()).count()).toBe(0);
    await page.check('webhooks-test-mode');

    // A live change first: it reaches the live endpoint, and never the test one.
    const liveKey = await stack.mintKey(['write:contacts'], stack.seed.locations.north, 'live website');
    await createContactWithKey(liveKey, { first_name: 'Livia', location_id: stack.seed.locations.north });
    await receiver.waitFor('live', (d) => d.event.type === 'contact.created' && d.event.data.first_name === 'Livia');

    // The test data's own location (the demo loaded into test mode), then a contact made with the test key.
    const demo = await stack.cli(['demo', '--test', '--company', stack.seed.companyId]);
    expect(demo.code, demo.stderr).toBe(0);
    const locations = await request(`${stack.apiUrl}/locations`, { headers: { authorization: `Bearer ${testKey}` } });
    const testLocation = ((await locations.body.json()) as { data: { id: string }[] }).data[0]!.id;
    await createContactWithKey(testKey, { first_name: 'Tess', location_id: testLocation });
    const tess = await receiver.waitFor('test', (d) => d.event.type === 'contact.created' && d.event.data.first_name === 'Tess');
    expect(tess.event.environment).toBe('test');

    expect(receiver.at('test').map((d) => d.event.environment)).not.toContain('live');
    expect(receiver.at('live').map((d) => d.event.environment)).not.toContain('test');
    expect(receiver.at('test').map((d) => d.event.data.first_name)).not.toContain('Livia');

    await endpointCard(testUrl).getByRole('button', { name: 'Delivery log' }).click();
    const row = deliveryRows(testUrl).filter({ hasText: 'contact.created' });
    await expect.poll(() => row.first().textContent(), { timeout: 20_000 }).toContain('Delivered');
    await page.check('webhooks-test-mode-log');
  });

  it('deletes the test endpoint after the password, and back in live mode the live one remains', async () => {
    const testUrl = receiver.url('test');
    await endpointCard(testUrl).getByRole('button', { name: 'Delete' }).click();
    const dialog = page.dialog('Delete endpoint');
    const confirm = dialog.getByRole('button', { name: 'Delete endpoint' });
    await labelled(dialog, 'Password').fill(owner.password);
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByRole('checkbox', { name: 'Stop sending events to this endpoint' }).check();
    await page.check('webhooks-delete');
    await confirm.click();
    await dialog.waitFor({ state: 'hidden' });
    await endpointCard(testUrl).waitFor({ state: 'detached' });

    await chooseMode('Live');
    await page.heading('API keys', 2).waitFor();
    expect(await page.page.getByText(/^Test mode:/).count()).toBe(0);
    await endpointCard(liveUrl()).waitFor();
  });

  it('reads in German: the endpoint card, its delivery log and attempts, and the rotate dialog', async () => {
    const german = page.page.getByRole('navigation', { name: 'Hauptmenü' });
    await page.open('Account');
    await page.choose('Language', 'Deutsch');
    await german.getByRole('link', { name: 'Entwickler', exact: true }).click();
    await page.page.getByRole('heading', { level: 2, name: 'Webhooks' }).waitFor();
    const flakyUrl = receiver.url('flaky');
    const card = endpointCard(flakyUrl);
    await card.getByText('Alle Ereignisse, auch künftig hinzukommende').waitFor();
    await card.getByRole('button', { name: 'Zustellprotokoll' }).click();
    // The oldest contact.created (newest come first), the one the receiver refused with 503s before it recovered.
    const row = page.page
      .getByRole('table', { name: `Zustellungen an ${flakyUrl}` })
      .getByRole('row')
      .filter({ hasText: 'contact.created' })
      .last();
    await expect.poll(() => row.textContent()).toContain('Zugestellt');
    await row.getByRole('button', { name: / Versuche für contact\.created vom / }).click();
    await page.page
      .getByRole('table', { name: /^Versuche für contact\.created vom / })
      .getByRole('columnheader', { name: 'Dauer' })
      .waitFor();
    await page.check('webhooks-de', { show: row });

    await card.getByRole('button', { name: 'Geheimnis erneuern' }).click();
    const rotate = page.dialog('Signaturgeheimnis erneuern');
    await rotate.getByText(/^Ein neues Geheimnis für/).waitFor();
    await page.check('webhooks-rotate-de');
    await rotate.getByRole('button', { name: 'Abbrechen' }).click();
    await rotate.waitFor({ state: 'hidden' });

    // Back to the location's language: the next test reads the page in English.
    await german.getByRole('link', { name: 'Konto', exact: true }).click();
    await page.choose('Sprache', 'Sprache des Standorts (English)');
    await page.mainNavigation().getByRole('link', { name: 'Developers', exact: true }).waitFor();
  });

  it('shows a manager the API keys but not the webhooks, which are an owner’s', async () => {
    await page.open('Staff');
    await page.button('Add staff member').click();
    const dialog = page.dialog('Add staff member');
    await labelled(dialog, 'Email').fill(manager.email);
    await labelled(dialog, 'Name').fill(manager.name);
    await page.choose('Role', 'Manager', dialog);
    await dialog.getByRole('checkbox', { name: 'North', exact: true }).check();
    await dialog.getByRole('button', { name: 'Add staff member' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const invitation = await page.takePasswordLink(manager.name);

    const managerPage = await StaffPage.open(browser, stack.origin);
    try {
      await managerPage.choosePassword(invitation, manager.password);
      await managerPage.open('Developers');
      await managerPage.heading('API keys', 2).waitFor();
      expect(await managerPage.heading(/Webhooks/, 2).count()).toBe(0);
      expect(await managerPage.page.locator('body').textContent()).not.toContain(liveUrl());
      await managerPage.check('webhooks-manager');
      expect(managerPage.pageErrors).toEqual([]);
      expect(managerPage.accessibility).toEqual([]);
    } catch (error) {
      await managerPage.saveFailure('webhooks-manager');
      throw error;
    } finally {
      await managerPage.close();
    }
  });
});
