import { requireBuiltMemberApp } from '@studio/testkit/member/member-app-build';
import { MemberPhone } from '@studio/testkit/member/member-phone';
import { signInCodeFor, startMemberMailbox, type MemberMailbox } from '@studio/testkit/member/sign-in-code';
import { launchStaffBrowser } from '@studio/testkit/web/staff-page';
import { startSeededStudio, type SeededStudio } from '@studio/testkit/web/web-stack';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

/** Nora holds an active membership at North (testkit/src/web/seed-business.ts). */
const nora = 'nora@example.com';

let studio: SeededStudio;
/** The studio's emails arrive here, over SMTP: the member reads the code there. */
let mailbox: MemberMailbox;
let browser: Browser;
const phones: MemberPhone[] = [];

async function phone(locale = 'en-GB'): Promise<MemberPhone> {
  const opened = await MemberPhone.open(browser, studio.origin, locale);
  phones.push(opened);
  return opened;
}

/** The member's own steps: the studio's link, the email, the code from the email, Home. */
async function signInWithCode(member: MemberPhone, words: { title: string; email: string; send: string; code: string; submit: string }, name?: string): Promise<void> {
  await member.goto('/m/?location=north');
  await member.heading(words.title).waitFor();
  if (name) await member.check(`${name}-email`);
  await member.field(words.email).fill(nora);
  await member.button(words.send).click();
  await member.field(words.code).waitFor();
  // A new field, empty, not the email typed a moment ago.
  expect(await member.field(words.code).inputValue()).toBe('');
  if (name) await member.check(`${name}-code`);
  const { code } = await signInCodeFor(mailbox, nora);
  await member.field(words.code).fill(code);
  await member.button(words.submit).click();
}

const english = { title: 'Sign in', email: 'Email', send: 'Email me a code', code: '6-digit code', submit: 'Sign in' };

beforeAll(async () => {
  requireBuiltMemberApp();
  mailbox = await startMemberMailbox();
  [studio, browser] = await Promise.all([startSeededStudio({ env: mailbox.env }), launchStaffBrowser()]);
});

afterEach(() => {
  for (const member of phones) {
    expect(member.pageErrors.splice(0)).toEqual([]);
    expect(member.accessibility.splice(0)).toEqual([]);
  }
});

afterAll(async () => {
  await Promise.allSettled(phones.map((member) => member.close()));
  await browser?.close();
  await studio?.close();
  await mailbox?.smtp.close();
});

describe("the members' app on a phone", () => {
  let first: MemberPhone;
  let second: MemberPhone;

  it('signs a member in with the code from the email and greets her by name at her studio', async () => {
    first = await phone();
    await signInWithCode(first, english, 'sign-in');
    await first.heading('Hello Nora').waitFor();
    await first.page.getByText('Your studio: North').waitFor();
    expect(new URL(first.page.url()).pathname).toBe('/m/');
    await first.check('home');
  });

  it('is installable as the studio’s own app: its location’s manifest, with its name, colour and icons, and a service worker over /m/', async () => {
    const manifestUrl = await first.page.locator('link[rel="manifest"]').getAttribute('href');
    expect(manifestUrl).toBe('/m/api/manifest?location=north');
    const manifest = (await (await fetch(`${studio.origin}${manifestUrl}`)).json()) as { name: string; start_url: string; scope: string; theme_color: string; icons: { src: string; sizes: string }[] };
    expect(manifest).toMatchObject({ name: 'North', start_url: '/m/?location=north', scope: '/m/' });
    // The bar is in the location's colour, and so is the phone's theme.
    const accent = await first.page.evaluate<string>('getComputedStyle(document.documentElement).getPropertyValue("--accent").trim()');
    expect(manifest.theme_color).toBe(accent);
    expect(await first.page.locator('meta[name="theme-color"]').getAttribute('content')).toBe(accent);
    expect(manifest.icons.map((icon) => icon.sizes).sort()).toEqual(['192x192', '512x512']);
    for (const icon of manifest.icons) expect((await fetch(`${studio.origin}${icon.src}`)).headers.get('content-type')).toBe('image/png');
    const scope = await first.page.evaluate<string>('navigator.serviceWorker.ready.then((registration) => registration.scope)');
    expect(scope).toBe(`${studio.origin}/m/`);
  });

  it('opens with no signal once visited: the shell from the service worker, saying the studio cannot be reached', async () => {
    const member = await phone();
    await member.goto('/m/?location=north');
    await member.heading('Sign in').waitFor();
    // The worker takes over the page once it has cached the shell.
    await expect.poll(() => member.page.evaluate<boolean>('navigator.serviceWorker.controller !== null'), { timeout: 15_000 }).toBe(true);
    await member.context.setOffline(true);
    await member.page.reload();
    await member.heading('Sign in').waitFor();
    await member.page.getByRole('alert').waitFor();
    expect(await member.page.getByRole('alert').textContent()).toBe('The studio cannot be reached. Check your connection and try again.');
    await member.check('offline');
    await member.close();
    phones.splice(phones.indexOf(member), 1);
  });

  it('says plainly when a code is wrong, in words from the catalog', async () => {
    const member = await phone();
    await member.goto('/m/?location=north');
    await member.field('Email').fill(nora);
    await member.button('Email me a code').click();
    const { code } = await signInCodeFor(mailbox, nora);
    await member.field('6-digit code').fill(code === '000000' ? '111111' : '000000');
    await member.button('Sign in').click();
    await member.page.getByRole('alert').waitFor();
    expect(await member.page.getByRole('alert').textContent()).toBe('That code does not work. Check the newest email, or ask for a new code.');
    await member.check('sign-in-wrong-code');
    await member.close();
    phones.splice(phones.indexOf(member), 1);
  });

  it('signs another phone in with the emailed link', async () => {
    second = await phone();
    await second.goto('/m/?location=north');
    await second.field('Email').fill(nora);
    await second.button('Email me a code').click();
    await second.field('6-digit code').waitFor();
    const { link } = await signInCodeFor(mailbox, nora);
    expect(link).toMatch(new RegExp(`^${studio.origin}/m/sign-in#[\\w-]{20,}$`));
    await second.goto(link);
    await second.heading('Hello Nora').waitFor();
    // The secret left the address once used.
    expect(new URL(second.page.url()).hash).toBe('');
  });

  it('lists the phones signed in, this one marked, and ends the other', async () => {
    await first.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account' }).click();
    await first.heading('Account').waitFor();
    const rows = first.page.getByRole('listitem');
    await expect.poll(() => rows.count()).toBe(2);
    await expect.poll(() => rows.filter({ hasText: 'This device' }).count()).toBe(1);
    await first.check('account');
    // The wrong-code phone never signed in: two are open, this one and the link's.
    const ends = first.page.getByRole('button', { name: /^End the session on / });
    await expect.poll(() => ends.count()).toBe(1);
    await ends.click();
    await expect.poll(() => ends.count()).toBe(0);
    await expect.poll(() => rows.count()).toBe(1);
    await second.page.reload();
    await second.heading('Sign in').waitFor();
  });

  it('turns class reminders off and on again from Account, kept by the server', async () => {
    const reminders = first.page.getByRole('checkbox', { name: 'Email me a reminder before each class I book' });
    await reminders.waitFor();
    expect(await reminders.isChecked()).toBe(true);
    await reminders.uncheck();
    await first.page.getByText('Reminders are off. Emails about your bookings themselves still come.').waitFor();
    await first.check('account-reminders-off');
    await first.page.reload();
    await first.heading('Account').waitFor();
    await reminders.waitFor();
    expect(await reminders.isChecked()).toBe(false);
    await reminders.check();
    await first.page.getByText('Reminders are on.').waitFor();
  });

  it('signs out of this phone', async () => {
    await first.button('Sign out').click();
    await first.heading('Sign in').waitFor();
    await first.page.reload();
    await first.heading('Sign in').waitFor();
  });
});

describe('the app in the phone’s language', () => {
  it('speaks Spanish on a phone set to Spanish, from sign-in to Home', async () => {
    const member = await phone('es-ES');
    await signInWithCode(member, { title: 'Entrar', email: 'Correo electrónico', send: 'Enviarme un código', code: 'Código de 6 cifras', submit: 'Entrar' }, 'es-sign-in');
    await member.heading('Hola, Nora').waitFor();
    await member.page.getByText('Tu estudio: North').waitFor();
    expect(await member.page.locator('html').getAttribute('lang')).toBe('es');
    await member.page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Cuenta' }).click();
    await member.heading('Cuenta').waitFor();
    await member.page.getByText('Este dispositivo').waitFor();
    await member.check('es-account');
  });

  it('speaks German on a phone set to German, from sign-in to Home', async () => {
    const member = await phone('de-DE');
    await signInWithCode(member, { title: 'Anmelden', email: 'E-Mail', send: 'Code per E-Mail senden', code: '6-stelliger Code', submit: 'Anmelden' }, 'de-sign-in');
    await member.heading('Hallo Nora').waitFor();
    await member.page.getByText('Dein Studio: North').waitFor();
    await member.page.getByRole('navigation', { name: 'Hauptmenü' }).getByRole('link', { name: 'Konto' }).click();
    await member.heading('Konto').waitFor();
    await member.check('de-account');
  });

  it('asks which studio when the address names none', async () => {
    const member = await phone();
    await member.goto('/m/');
    await member.heading('Which studio?').waitFor();
    await member.field('Studio code').fill('nowhere');
    await member.button('Continue').click();
    await member.field('Email').fill(nora);
    await member.button('Email me a code').click();
    await member.page.getByRole('alert').waitFor();
    expect(await member.page.getByRole('alert').textContent()).toBe('This studio is not known here. Ask your studio for the link to its app.');
    // Asked again, not kept: the right code then leads to the email.
    await member.heading('Which studio?').waitFor();
    await member.check('unknown-studio');
    await member.field('Studio code').fill('north');
    await member.button('Continue').click();
    await member.heading('Sign in').waitFor();
  });
});
