import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fillDate } from '@studio/testkit/web/date-field';
import { answerForEachTest, labelled, launchStaffBrowser, StaffPage } from '@studio/testkit/web/staff-page';
import { requireBuiltWebApp } from '@studio/testkit/web/web-app-build';
import { freePort, runOneBoxCommand, startStudio, type StudioProcess } from '@studio/testkit/server/processes';
import { DateTime } from 'luxon';
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * An owner's first hour with the box, in German, as the README and docs/own-studio.md tell it: their
 * own studio in Berlin set up with `studio setup` and run with `studio start` (the one box: server,
 * agent, simulated front door and front desk reader), the owner account made from the link the box
 * printed, then in the web app a plan, a class service, a weekly series, a member and a sale; the
 * member's fob read at the front desk reader and enrolled from her page; the fob admitted at the
 * front door and shown on Today. Nothing is seeded: every step is the owner's, in Debian's Chromium
 * with a German browser. The steps build on each other, in order.
 */
const owner = { email: 'lena@kraftwerk.example', name: 'Lena Berger', password: 'Kraftwerk am Spreeufer 2026' };
const member = { firstName: 'Jonas', lastName: 'Weber', email: 'jonas@example.com' };
const memberName = `${member.firstName} ${member.lastName}`;
const zone = 'Europe/Berlin';
/** Jonas's new fob: nobody holds it until the owner enrols it. */
const fob = '04A1B2C3D4E5F6';
/** The banner and the agent's reports come after process starts: seconds on a loaded machine. */
const slow = { timeout: 30_000, interval: 100 };

const dir = mkdtempSync(join(tmpdir(), 'studio-first-hour-'));
const data = join(dir, 'kraftwerk');
let studio: StudioProcess | undefined;
let browser: Browser | undefined;
let desk: StaffPage;

beforeAll(async () => {
  requireBuiltWebApp();
  const setup = await runOneBoxCommand(['setup', '--data', data, '--business', 'Kraftwerk Studio', '--location', 'Kraftwerk Mitte', '--timezone', zone, '--country', 'DE']);
  expect(setup.stderr).toBe('');
  expect(setup.code).toBe(0);
  [studio, browser] = await Promise.all([
    startStudio('start', join(dir, 'ignored.db'), 'info', { args: ['--data', data], stdin: true, env: { STUDIO_AGENT_PORT: String(await freePort()) } }),
    launchStaffBrowser(),
  ]);
  desk = await StaffPage.open(browser, new URL(studio.base).origin, undefined, { locale: 'de-DE' });
});

afterAll(async () => {
  await desk?.close();
  await browser?.close();
  if (studio) expect(await studio.stop()).toBe(0);
  rmSync(dir, { recursive: true, force: true });
});

answerForEachTest(() => desk);

const page = () => desk.page;
const mainLink = (name: string) => page().getByRole('navigation', { name: 'Hauptmenü' }).getByRole('link', { name, exact: true });
const setupLinkTo = (name: string) => page().getByRole('navigation', { name: 'Einrichtung' }).getByRole('link', { name, exact: true });
const section = (name: string): Locator => page().locator('section', { has: desk.heading(name, 2) });
/** A line typed into the box's terminal: a card at the front door, or `desk <card>` at the front desk reader. */
const typeAtTheBox = (line: string) => studio!.child.stdin!.write(`${line}\n`);

describe("the owner's first hour on the one box, in German", () => {
  it('creates the owner account from the link the box printed, and lands on Today in German', async () => {
    const printedLink = () => /Open (http:\/\/127\.0\.0\.1:\d+\/app\/setup#\S+) to create the owner account/.exec(studio!.output())?.[1];
    await expect.poll(printedLink, slow).toBeDefined();
    expect(studio!.output()).toContain('Front door (simulated turnstile) at Kraftwerk Mitte');
    await desk.goto(printedLink()!);
    await desk.heading('Inhaberkonto anlegen').waitFor();
    await labelled(page(), 'E-Mail').fill(owner.email);
    await labelled(page(), 'Ihr Name').fill(owner.name);
    await labelled(page(), 'Passwort').fill(owner.password);
    await desk.check('first-hour-owner');
    await desk.button('Inhaberkonto anlegen').click();
    // A full-cost password hash, then the sign-in: slow on a busy two-core machine.
    await desk.heading('Heute').waitFor({ timeout: 30_000 });
    await page().getByText('Heute noch keine Check-ins in Kraftwerk Mitte.', { exact: false }).waitFor();
    // The location was set up in Germany: its language is German, and so is the owner's app.
    expect(await page().locator('html').getAttribute('lang')).toBe('de');
  });

  it('adds an instructor, a class service and a plan in Setup', async () => {
    await mainLink('Einrichtung').click();
    await desk.heading('Standorte').waitFor();

    await setupLinkTo('Personal').click();
    await desk.heading('Buchbares Personal').waitFor();
    await desk.button('Personal hinzufügen').click();
    const staffDialog = desk.dialog('Personal hinzufügen');
    await labelled(staffDialog, 'Vorname').fill('Lena');
    await labelled(staffDialog, 'Nachname').fill('Berger');
    await staffDialog.getByRole('button', { name: 'Hinzufügen' }).click();
    await page().getByRole('table', { name: 'Buchbares Personal' }).getByRole('row').filter({ hasText: 'Lena Berger' }).waitFor();

    await setupLinkTo('Leistungen').click();
    await desk.heading('Leistungen').waitFor();
    await desk.button('Leistung hinzufügen').click();
    const serviceDialog = desk.dialog('Leistung hinzufügen');
    await labelled(serviceDialog, 'Name der Leistung').fill('Rückenfit');
    await desk.choose('Art', 'Kurs', serviceDialog);
    await labelled(serviceDialog, 'Dauer (Minuten)').fill('50');
    await labelled(serviceDialog, 'Preis (EUR)').fill('14,50');
    await serviceDialog.getByRole('checkbox', { name: 'Lena Berger' }).check();
    await desk.check('first-hour-service');
    await serviceDialog.getByRole('button', { name: 'Leistung hinzufügen' }).click();
    await serviceDialog.waitFor({ state: 'hidden' });
    const service = page().getByRole('table', { name: 'Leistungen' }).getByRole('row').filter({ hasText: 'Rückenfit' });
    // Euros as Germans write them.
    expect(await service.textContent()).toContain('14,50');

    await setupLinkTo('Tarife').click();
    await desk.heading('Mitgliedschaftstarife').waitFor();
    await desk.button('Tarif hinzufügen').click();
    const planDialog = desk.dialog('Tarif hinzufügen');
    await labelled(planDialog, 'Name des Tarifs').fill('Flatrate');
    await labelled(planDialog, 'Preis (EUR)').fill('59');
    await planDialog.getByRole('button', { name: 'Tarif hinzufügen' }).click();
    await planDialog.waitFor({ state: 'hidden' });
    const plan = page().getByRole('table', { name: 'Mitgliedschaftstarife' }).getByRole('row').filter({ hasText: 'Flatrate' });
    expect(await plan.textContent()).toContain('59,00');
    expect(await plan.textContent()).toContain('Monatlich');
    await desk.check('first-hour-plans');
  });

  it('puts a weekly series of the class on the timetable', async () => {
    await mainLink('Kurse').click();
    await desk.heading('Kurse').waitFor();
    await page().getByRole('link', { name: 'Neue Serie' }).click();
    await desk.heading('Neue wöchentliche Serie').waitFor();
    // Tomorrow at 18:00 in Berlin, every week for three months: a time the owner would choose.
    const first = DateTime.now().setZone(zone).plus({ days: 1 }).set({ hour: 18, minute: 0, second: 0, millisecond: 0 });
    await desk.choose('Kurs', 'Rückenfit');
    await desk.choose('Kursleitung', 'Lena Berger');
    await page()
      .getByRole('checkbox', { name: first.setLocale('de').toFormat('cccc'), exact: true })
      .check();
    await labelled(page(), 'Beginn').fill('18:00');
    await labelled(page(), 'Plätze').fill('12');
    await fillDate(labelled(page(), 'Erster Tag'), first, 'de-DE');
    await fillDate(labelled(page(), 'Letzter Tag'), first.plus({ months: 3 }), 'de-DE');
    await desk.check('first-hour-series');
    await desk.button('Serie anlegen').click();
    await desk.heading('Kurse').waitFor();
    const series = page().getByRole('table', { name: 'Wöchentliche Serien' }).getByRole('row').filter({ hasText: 'Rückenfit' });
    await series.waitFor();
    // Its weekday as Germans shorten it (Di), its first and last day as they write them (8. Dez. 2026).
    const weekday = first.setLocale('de').toFormat('ccc').replace(/\.$/, '');
    expect(await series.textContent()).toContain(`${weekday} um 18:00 (50 Min.)`);
    expect(await series.textContent()).toContain(`${first.setLocale('de').toLocaleString(DateTime.DATE_MED)} bis`);
    await desk.check('first-hour-timetable');
  });

  it('adds a member and sells her the plan', async () => {
    await mainLink('Mitglieder').click();
    await desk.heading('Mitglieder').waitFor();
    await desk.button('Neues Mitglied').click();
    const dialog = desk.dialog('Neues Mitglied');
    await labelled(dialog, 'Vorname').fill(member.firstName);
    await labelled(dialog, 'Nachname').fill(member.lastName);
    await labelled(dialog, 'E-Mail').fill(member.email);
    await dialog.getByRole('button', { name: 'Mitglied anlegen' }).click();
    await desk.heading(memberName).waitFor();

    await desk.button('Verkaufen').click();
    const sale = desk.dialog('Verkaufen');
    await desk.choose('Tarif', /^Flatrate/, sale);
    const confirm = sale.getByRole('button', { name: /^Flatrate verkaufen/ });
    expect(await confirm.textContent()).toContain('59,00');
    await desk.check('first-hour-sell');
    await confirm.click();
    await sale.waitFor({ state: 'hidden' });
    await expect.poll(() => section('Mitgliedschaften').textContent(), slow).toContain('Flatrate');
  });

  it("enrols the fob read at the front desk reader from the member's page", async () => {
    typeAtTheBox(`desk ${fob}`);
    await desk.button('Karte zuordnen').click();
    const dialog = desk.dialog('Karte zuordnen');
    // The box's desk reader reports the read to the server; the dialog offers it once it is there.
    const claim = dialog.getByRole('button', { name: /Gerade gelesene Karte hinzufügen/ });
    await expect.poll(async () => (await claim.isEnabled()) && (await claim.textContent())?.includes(fob.slice(-4)), slow).toBe(true);
    expect(await dialog.textContent()).not.toContain(fob);
    await desk.check('first-hour-enrol');
    await claim.click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => section('Karten').textContent(), slow).toContain(`Karte mit Endung ${fob.slice(-4)}`);
  });

  it('admits the fob at the front door, and Today shows her visit', async () => {
    await mainLink('Heute').click();
    await desk.heading('Heute').waitFor();
    typeAtTheBox(fob);
    const row = page().getByRole('list', { name: 'Check-ins' }).getByRole('listitem').filter({ hasText: memberName }).filter({ hasText: 'Eingecheckt' }).filter({ hasText: 'Drehkreuz' });
    await row.waitFor({ timeout: slow.timeout });
    await expect.poll(() => page().getByText('Heute eingecheckt').locator('..').textContent(), slow).toContain('1');
    // The door decided and opened: the agent's log says granted, and never the card's number.
    expect(studio!.output()).toMatch(/"granted":true/);
    expect(studio!.output()).not.toContain(fob);
    await desk.check('first-hour-today');
  });
});
