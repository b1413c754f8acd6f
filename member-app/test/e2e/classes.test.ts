import { requireBuiltMemberApp } from '@studio/testkit/member/member-app-build';
import { MemberPhone } from '@studio/testkit/member/member-phone';
import { signInCodeFor, startMemberMailbox, type MemberMailbox } from '@studio/testkit/member/sign-in-code';
import { launchStaffBrowser } from '@studio/testkit/web/staff-page';
import { startSeededStudio, type SeededStudio } from '@studio/testkit/web/web-stack';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * A member's classes on her phone, against the real server and a real SMTP mailbox: Nora (an active
 * member at North, testkit/src/web/seed-business.ts) books Spin, joins the waitlist of a full Yoga
 * class, and when the desk releases Paula's spot there (through the API) the offer reaches her by
 * email; its link opens the offer, she accepts and is booked. The seeded location's zone is one
 * where it is near noon now, so classes two and three hours ahead fall on today at the location.
 */

const nora = 'nora@example.com';
const hour = 3_600_000;

let studio: SeededStudio;
let mailbox: MemberMailbox;
let browser: Browser;
let member: MemberPhone;
let yoga: string;

async function cli(args: string[]): Promise<{ id: string }> {
  const outcome = await studio.cli(args);
  if (outcome.code !== 0) throw new Error(`studio ${args.join(' ')}: ${outcome.stderr}`);
  return JSON.parse(outcome.stdout) as { id: string };
}

/** The next email to Nora whose plain text matches `pattern`, skipping others (her booking's confirmation). */
async function mailMatching(pattern: RegExp): Promise<{ subject: string; text: string }> {
  for (;;) {
    const mail = await mailbox.smtp.nextTo(nora);
    const text = mail.parsed.text ?? '';
    if (pattern.test(text)) return { subject: mail.parsed.subject ?? '', text };
  }
}

beforeAll(async () => {
  requireBuiltMemberApp();
  mailbox = await startMemberMailbox();
  [studio, browser] = await Promise.all([startSeededStudio({ env: mailbox.env }), launchStaffBrowser()]);
  const { companyId, locations, contacts } = studio.seed;
  const service = (name: string) => cli(['services', 'create', '--location', locations.north, '--name', name, '--kind', 'class', '--duration', '60', '--price-cents', '1500', '--company', companyId]);
  await service('Spin');
  await service('Yoga');
  const start = (hours: number) => new Date(Math.ceil((Date.now() + hours * hour) / (15 * 60_000)) * 15 * 60_000).toISOString();
  await cli(['classes', 'create', '--location', locations.north, '--service', 'Spin', '--start', start(2), '--capacity', '8']);
  yoga = (await cli(['classes', 'create', '--location', locations.north, '--service', 'Yoga', '--start', start(3), '--capacity', '1'])).id;
  // Paula takes Yoga's one spot at the desk.
  await cli(['classes', 'book', yoga, contacts.paula, '--allow-without-entitlement']);
  member = await MemberPhone.open(browser, studio.origin);
}, 120_000);

afterAll(async () => {
  await member?.close();
  await browser?.close();
  await studio?.close();
  await mailbox?.smtp.close();
});

describe("a member's classes on her phone", () => {
  it('signs in with the emailed code and books Spin in one tap', async () => {
    await member.goto('/m/?location=north');
    await member.field('Email').fill(nora);
    await member.button('Email me a code').click();
    const { code } = await signInCodeFor(mailbox, nora);
    await member.field('6-digit code').fill(code);
    await member.button('Sign in').click();
    await member.heading('Hello Nora').waitFor();
    await member.page.getByRole('link', { name: 'Classes' }).click();
    await member.heading('Classes').waitFor();
    await member.button(/^Book Spin/).waitFor();
    await member.check('classes-timetable');
    await member.button(/^Book Spin/).click();
    await member.page
      .getByRole('status')
      .filter({ hasText: /^Booked: Spin/ })
      .waitFor();
    const booked = await mailMatching(/Spin/);
    expect(booked.text).toContain('Spin');
  });

  it('joins the waitlist of the full Yoga class, and a late cancel of Spin first says what it costs', async () => {
    expect(await member.page.getByText('Full', { exact: true }).count()).toBe(1);
    await member.button(/^Join the waitlist of Yoga/).click();
    await member.page.getByRole('status').filter({ hasText: 'You are on the waitlist, number 1.' }).waitFor();
    await member.page.getByText('On the waitlist, number 1', { exact: true }).waitFor();
    await member.check('classes-waitlist-joined');
    // Spin starts within the 12-hour cancel window: the app asks first, saying it uses a visit.
    await member.button(/^Cancel my spot in Spin/).click();
    const dialog = member.page.getByRole('alertdialog', { name: 'This is a late cancel' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('uses a visit of your membership');
    await member.check('classes-late-cancel');
    await member.button('Keep my spot').click();
    await dialog.waitFor({ state: 'detached' });
  });

  it("gets the offer by email when the desk releases Paula's spot, follows its link and is booked", async () => {
    const key = await studio.mintKey(['write:classes'], studio.seed.locations.north, 'desk integration');
    const released = await fetch(`${studio.apiUrl}/classes/${yoga}/cancel`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ contact_id: studio.seed.contacts.paula }),
    });
    expect(released.status).toBe(200);
    const offer = await mailMatching(/\/m\/offers\//);
    expect(offer.text).toContain('Yoga');
    const link = /(https?:\/\/\S+\/m\/offers\/[\w-]+)/.exec(offer.text)![1]!;
    await member.goto(new URL(link).pathname);
    await member.heading('A spot opened').waitFor();
    await member.page.getByText(/^It is yours until \d{2}:\d{2}\.$/).waitFor();
    await member.check('classes-offer');
    await member.button('Accept').click();
    await member.page.getByText('You are booked. See you there!').waitFor();
    await member.check('classes-offer-accepted');
    await member.page.getByRole('link', { name: 'My bookings' }).click();
    await member.heading('My bookings').waitFor();
    await member.button(/^Cancel my spot in Yoga/).waitFor();
    await member.button(/^Cancel my spot in Spin/).waitFor();
    await member.check('classes-bookings');
    expect(member.pageErrors).toEqual([]);
    expect(member.accessibility).toEqual([]);
  });
});
