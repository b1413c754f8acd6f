import { signInCodeFor, startMemberMailbox, type MemberMailbox } from '@studio/testkit/member/sign-in-code';
import { webSeed } from '@studio/testkit/web/seed-business';
import { answerForEachTest, launchStaffBrowser, StaffPage } from '@studio/testkit/web/staff-page';
import { startWebStack, type WebStack } from '@studio/testkit/web/web-stack';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * A member's emails and members' app sessions on the member's page, and Setup -> Member emails,
 * against real `studio serve` (SQLite) sending to a real SMTP server on loopback, in Debian's
 * Chromium. The member asks for sign-in codes and signs in from two phones over HTTP, as the
 * members' app does; the first email is refused by the provider, so it shows a failed attempt.
 */
const { owner, northMember } = webSeed;
const email = 'nora@example.com';
const poll = { timeout: 20_000, interval: 250 };
const phones = {
  android: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
  iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
};

let mailbox: MemberMailbox;
let stack: WebStack;
let browser: Browser;
let desk: StaffPage;

/** What the members' app sends: a JSON write from its own origin. */
async function memberPost(path: string, body: unknown, userAgent: string) {
  const response = await fetch(`${stack.origin}/m/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: stack.origin, 'user-agent': userAgent },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
}

async function signInFrom(userAgent: string) {
  await memberPost('/sign-in/code', { email, location: 'north', company_id: stack.seed.companyId }, userAgent);
  const { code } = await signInCodeFor(mailbox, email);
  await memberPost('/sign-in', { email, code }, userAgent);
}

beforeAll(async () => {
  mailbox = await startMemberMailbox();
  [stack, browser] = await Promise.all([startWebStack({ env: mailbox.env }), launchStaffBrowser()]);
  desk = await StaffPage.open(browser, stack.origin);
  await desk.completeOwnerSetup(stack.setupLink, owner);
  await desk.choose('Location', 'North');
});

afterAll(async () => {
  await desk?.close();
  await browser?.close();
  await stack?.close();
  await mailbox?.smtp.close();
});

answerForEachTest(() => desk);

describe("a member's emails and app sessions", () => {
  it('shows each email with its template in words, its status and every attempt, the refused one with the answer', async () => {
    mailbox.smtp.refuse = { code: 452, message: 'Mailbox full' };
    await memberPost('/sign-in/code', { email, location: 'north', company_id: stack.seed.companyId }, phones.android);
    await desk.goto(`/app/members/${stack.seed.contacts.nora}`);
    await desk.heading(`${northMember.firstName} ${northMember.lastName}`).waitFor();
    const emails = desk.page.getByRole('table', { name: 'Emails' });
    await expect
      .poll(async () => {
        await desk.page.reload();
        // The panel loads after the page: its table, or its words for no email yet.
        await emails.or(desk.page.getByText('No emails to this member yet.')).waitFor();
        return (await emails.count()) > 0 ? emails.textContent() : '';
      }, poll)
      .toContain('452 Mailbox full');
    mailbox.smtp.refuse = null;

    await signInFrom(phones.android);
    await signInFrom(phones.iphone);
    await desk.page.reload();
    const rows = emails.getByRole('row');
    await expect.poll(() => rows.count(), poll).toBe(4);
    const text = (await emails.textContent()) ?? '';
    expect(text).toContain('Sign-in code');
    expect(text).toContain(`To ${email}`);
    expect(text).toContain('Sent');
    expect(text).toContain('Waiting to be sent');
    expect(text).toMatch(/Next try/);
    // Never what an email said: no code on the page.
    expect(await desk.page.locator('main').textContent()).not.toMatch(/(?<!\d)\d{6}(?!\d)/);
    await desk.check('member-emails', { show: emails });
  });

  it("lists the member's app sessions by device, and ends one", async () => {
    const sessions = desk.page.getByRole('table', { name: "Members' app sessions" });
    await expect.poll(() => sessions.getByRole('row').count(), poll).toBe(3);
    expect(await sessions.textContent()).toMatch(/Android/);
    expect(await sessions.textContent()).toMatch(/iPhone|iOS/);
    await desk.check('member-app-sessions', { show: sessions });
    const ends = sessions.getByRole('button', { name: /^End the session on / });
    await ends.first().click();
    await expect.poll(() => sessions.getByRole('row').count(), poll).toBe(2);
  });

  it('Setup -> Member emails shows the provider, never a password', async () => {
    await desk.goto('/app/setup/emails');
    await desk.heading('Member emails').waitFor();
    const provider = desk.page.getByRole('table', { name: 'Mail provider' });
    await provider.waitFor();
    const text = (await provider.textContent()) ?? '';
    expect(text).toContain(`127.0.0.1:${mailbox.smtp.port}`);
    expect(text).toContain('North Studio <hello@north.example>');
    expect(text).toContain('STARTTLS when offered');
    await desk.check('member-emails-settings');
  });
});

describe('a box with no mail provider', () => {
  let bare: WebStack;
  let page: StaffPage;
  beforeAll(async () => {
    bare = await startWebStack();
    page = await StaffPage.open(browser, bare.origin);
    await page.completeOwnerSetup(bare.setupLink, owner);
  });
  afterAll(async () => {
    await page?.close();
    await bare?.close();
  });
  answerForEachTest(() => page);

  it('says plainly that member emails are not sent, and how to set a provider', async () => {
    await page.goto('/app/setup/emails');
    await page.heading('Member emails').waitFor();
    const alert = page.page.getByRole('status').filter({ hasText: 'No mail provider is set' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain('SMTP_HOST');
    await page.check('member-emails-no-provider');
  });
});
