import { readFile } from 'node:fs/promises';
import { appointmentSeed, seedAppointments } from '@studio/testkit/member/appointment-seed';
import { requireBuiltMemberApp } from '@studio/testkit/member/member-app-build';
import { MemberPhone } from '@studio/testkit/member/member-phone';
import { signInCodeFor, startMemberMailbox, type MemberMailbox } from '@studio/testkit/member/sign-in-code';
import { launchStaffBrowser } from '@studio/testkit/web/staff-page';
import { startSeededStudio, type SeededStudio } from '@studio/testkit/web/web-stack';
import ical, { type VEvent } from 'node-ical';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** Nora holds an active unlimited monthly membership at North (testkit/src/web/seed-business.ts). */
const nora = 'nora@example.com';
const ana = `${appointmentSeed.technician.firstName} ${appointmentSeed.technician.lastName}`;

let studio: SeededStudio;
let mailbox: MemberMailbox;
let browser: Browser;
let member: MemberPhone;

/** The events of an iCalendar text, parsed by node-ical (not by the library that wrote it). */
const eventsOf = (text: string) => Object.values(ical.sync.parseICS(text)).filter((item): item is VEvent => item.type === 'VEVENT');

beforeAll(async () => {
  requireBuiltMemberApp();
  mailbox = await startMemberMailbox();
  [studio, browser] = await Promise.all([startSeededStudio({ env: mailbox.env }), launchStaffBrowser()]);
  await seedAppointments(studio);
  member = await MemberPhone.open(browser, studio.origin);
});

afterAll(async () => {
  await member?.close();
  await browser?.close();
  await studio?.close();
  await mailbox?.smtp.close();
});

describe("a member's appointments, membership and calendar on a phone", () => {
  let slotStart: string;
  let bookingId: string;

  it('signs in with the mailed code and books an open slot of the Massage, the one the server offered', async () => {
    await member.goto('/m/?location=north');
    await member.field('Email').fill(nora);
    await member.button('Email me a code').click();
    const { code } = await signInCodeFor(mailbox, nora);
    await member.field('6-digit code').fill(code);
    await member.button('Sign in').click();
    await member.heading('Hello Nora').waitFor();

    const slotsAnswer = member.page.waitForResponse((response) => response.url().includes('/m/api/services/') && response.url().includes('/slots'));
    await member.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Appointments' }).click();
    await member.heading('Book an appointment').waitFor();
    const slots = ((await (await slotsAnswer).json()) as { data: { start: string; technician_name: string }[] }).data;
    expect(slots.length).toBeGreaterThan(0);
    slotStart = slots[0]!.start;
    const offered = member.page.getByRole('button', { name: new RegExp(`^\\d\\d:\\d\\d ${ana}$`) });
    await expect.poll(() => offered.count()).toBe(slots.length);
    await member.check('appointments-slots');

    const booked = member.page.waitForResponse((response) => response.url().endsWith('/m/api/appointments') && response.request().method() === 'POST');
    await offered.first().click();
    const answer = await booked;
    expect(answer.status()).toBe(201);
    bookingId = ((await answer.json()) as { id: string; start: string }).id;
    await member.page
      .getByRole('status')
      .filter({ hasText: /^Booked: Massage, / })
      .waitFor();
  });

  it('lists it under My appointments, and its .ics holds the slot’s start in UTC', async () => {
    const mine = member.page
      .getByRole('listitem')
      .filter({ hasText: appointmentSeed.service })
      .filter({ hasText: `With ${ana}` });
    await expect.poll(() => mine.count()).toBe(1);
    await member.check('appointments-mine');
    const [download] = await Promise.all([member.page.waitForEvent('download'), mine.getByRole('link', { name: /^Add to calendar: Massage, .+$/ }).click()]);
    const text = await readFile((await download.path())!, 'utf8');
    const events = eventsOf(text);
    expect(events).toHaveLength(1);
    expect(events[0]!.uid).toBe(`appointment-${bookingId}@studio`);
    expect(events[0]!.summary).toBe('Massage');
    expect(new Date(events[0]!.start).toISOString()).toBe(new Date(slotStart).toISOString());
    expect(new Date(events[0]!.end).getTime() - new Date(events[0]!.start).getTime()).toBe(appointmentSeed.minutes * 60_000);
  });

  it('shows the membership with its status in words, visits and renewal', async () => {
    await member.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Membership' }).click();
    await member.heading('My membership').waitFor();
    await member.page.getByRole('heading', { name: 'Unlimited Monthly', level: 2 }).waitFor();
    await member.page.getByText('Active: you can check in.').waitFor();
    await member.page.getByText('Unlimited visits').waitFor();
    await member.page.getByText(/^Renews on /).waitFor();
    await member.page.getByRole('heading', { name: 'Recent visits', level: 2 }).waitFor();
    await member.check('membership');
  });

  it('makes a private calendar feed link on the Account screen, which a calendar app reads without a cookie', async () => {
    await member.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account' }).click();
    await member.heading('Account').waitFor();
    await member.button('Make my calendar link').click();
    const url = await member.field('Your private calendar link').inputValue();
    expect(url).toMatch(new RegExp(`^${studio.origin}/m/api/calendar-feed/[\\w-]{43}\\.ics$`));
    await member.check('account-calendar');
    const feed = await fetch(url);
    expect(feed.headers.get('content-type')).toMatch(/^text\/calendar/);
    expect(eventsOf(await feed.text()).map((event) => event.uid)).toEqual([`appointment-${bookingId}@studio`]);
    await member.button('Make a new link').click();
    await expect.poll(async () => member.field('Your private calendar link').inputValue()).not.toBe(url);
    expect((await fetch(url)).status).toBe(404);
    expect(member.pageErrors).toEqual([]);
    expect(member.accessibility).toEqual([]);
  });

  it('moves the appointment to another open time, then cancels it after asking once more', async () => {
    await member.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Appointments' }).click();
    const mine = member.page.getByRole('listitem').filter({ hasText: `With ${ana}` });
    await mine.getByRole('button', { name: /^Reschedule: Massage, / }).click();
    await member.heading('Move Massage').waitFor();
    const moved = member.page.waitForResponse((response) => response.url().endsWith(`/m/api/appointments/${bookingId}/reschedule`));
    await member.page
      .getByRole('button', { name: new RegExp(`^\\d\\d:\\d\\d ${ana}$`) })
      .last()
      .click();
    expect((await moved).status()).toBe(200);
    await member.page
      .getByRole('status')
      .filter({ hasText: /^Moved: Massage, now / })
      .waitFor();
    await member.heading('Book an appointment').waitFor();
    await mine.getByRole('button', { name: /^Cancel: Massage, / }).click();
    await member.check('appointments-cancel-confirm');
    await mine.getByRole('button', { name: 'Yes, cancel it' }).click();
    await member.page
      .getByRole('status')
      .filter({ hasText: /^Cancelled: Massage, / })
      .waitFor();
    await member.page.getByText('No upcoming appointments.').waitFor();
    expect(member.pageErrors).toEqual([]);
    expect(member.accessibility).toEqual([]);
  });
});
