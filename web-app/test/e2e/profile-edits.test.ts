import { fillDate, typedDate } from '@studio/testkit/web/date-field';
import { webSeed } from '@studio/testkit/web/seed-business';
import { DateTime } from 'luxon';
import { useOwnerAtNorth } from '@studio/testkit/web/owner-at-north';
import { labelled } from '@studio/testkit/web/staff-page';
import { describe, expect, it } from 'vitest';

/**
 * Issue 17's profile edits, end to end: a card typed at Enrol card that another member holds names
 * that member with a link to their page, and "Edit details" changes a member's contact fields (a
 * cleared one removed), keeping what was typed when the server refuses. Real `studio serve`
 * (SQLite), Debian's Chromium; the steps build on each other, in order.
 */
const { owner, pastDue, northMember, northPlan } = webSeed;
const paulaName = `${pastDue.firstName} ${pastDue.lastName}`;
const noraName = `${northMember.firstName} ${northMember.lastName}`;
const renamed = `${northMember.firstName} Kelly-Byrne`;
/** Irish numbers, as the desk types them; the server keeps them as E.164. */
const phone = { typed: '087 123 4567', stored: '+353871234567' };
const poll = { timeout: 20_000, interval: 100 };

const world = useOwnerAtNorth();

describe("a member's page", () => {
  it('refuses a card another member holds, naming her with a link to her page', async () => {
    await world.desk.goto(`/app/members/${world.stack.seed.contacts.paula}`);
    await world.desk.heading(paulaName).waitFor();
    await world.desk.button('Enrol card').click();
    const dialog = world.desk.dialog('Enrol card');
    await labelled(dialog, 'Card number').fill(northMember.card);
    await dialog.getByRole('button', { name: 'Add card' }).click();

    const alert = dialog.getByRole('alert');
    await expect.poll(() => alert.textContent(), poll).toContain(`This card belongs to ${noraName}`);
    // What was typed stays, to correct it.
    expect(await labelled(dialog, 'Card number').inputValue()).toBe(northMember.card);
    await world.desk.check('enrol-card-taken');

    await alert.getByRole('link', { name: noraName }).click();
    await world.desk.heading(noraName).waitFor();
    expect(world.desk.pathname).toBe(`/app/members/${world.stack.seed.contacts.nora}`);
    await expect.poll(() => world.desk.page.getByRole('dialog').count(), poll).toBe(0);
  });

  it("edits a member's details: a new name and phone, an emptied email removed, a note", async () => {
    await world.desk.button('Edit details').click();
    const dialog = world.desk.dialog('Edit details');
    expect(await labelled(dialog, 'First name').inputValue()).toBe(northMember.firstName);
    expect(await labelled(dialog, 'Email').inputValue()).toBe('nora@example.com');

    await labelled(dialog, 'Last name').fill('Kelly-Byrne');
    await labelled(dialog, 'Phone').fill(phone.typed);
    await labelled(dialog, 'Email').fill('');
    await labelled(dialog, 'Notes').fill('Prefers the early classes');
    await world.desk.check('edit-details');
    await dialog.getByRole('button', { name: 'Save details' }).click();

    await dialog.waitFor({ state: 'hidden' });
    await world.desk.heading(renamed).waitFor();
    const main = world.desk.page.getByRole('main');
    await expect.poll(() => main.textContent(), poll).toContain(phone.stored);
    expect(await main.textContent()).toContain('Prefers the early classes');
    expect(await main.textContent()).not.toContain('nora@example.com');
    await world.desk.check('member-profile-edited');
  });

  it('checks the fields before sending, and keeps what was typed when the server refuses', async () => {
    await world.desk.goto(`/app/members/${world.stack.seed.contacts.paula}`);
    await world.desk.heading(paulaName).waitFor();
    await world.desk.button('Edit details').click();
    const dialog = world.desk.dialog('Edit details');

    await labelled(dialog, 'First name').fill('');
    await labelled(dialog, 'Email').fill('paula at example');
    await dialog.getByRole('button', { name: 'Save details' }).click();
    await dialog.getByText('This field is required.').waitFor();
    await dialog.getByText('Enter an email address such as name@example.com.').waitFor();

    // Nora has this phone now: the server refuses a second contact at North with it.
    await labelled(dialog, 'First name').fill(pastDue.firstName);
    await labelled(dialog, 'Email').fill('paula@example.com');
    await labelled(dialog, 'Phone').fill(phone.typed);
    await dialog.getByRole('button', { name: 'Save details' }).click();
    const alert = dialog.getByRole('alert');
    await expect.poll(() => alert.textContent(), poll).toContain('Another contact at this location has that phone number.');
    expect(await alert.textContent()).toMatch(/Request id: \S+/);
    expect(await labelled(dialog, 'Phone').inputValue()).toBe(phone.typed);
    await world.desk.check('edit-details-refused');

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await world.desk.heading(paulaName).waitFor();
  });

  it("speaks German: the banner, the sections, a membership's three actions at 1024 px, and Sell's start date typed as German writes it", async () => {
    await world.desk.goto('/app/account');
    await world.desk.choose('Language', 'Deutsch');
    try {
      await world.desk.goto(`/app/members/${world.stack.seed.contacts.nora}`);
      await world.desk.heading(renamed).waitFor();
      for (const name of ['Mitgliedschaften', 'Karten', 'Besuche', 'Abgewiesene Check-ins', 'Buchungen']) await world.desk.heading(name, 2).waitFor();
      await expect.poll(() => world.desk.page.getByRole('status').first().textContent(), poll).toContain(`Kann einchecken: ${northPlan.name}`);
      const memberships = world.desk.page.getByRole('table', { name: 'Mitgliedschaften' });
      for (const action of ['Pausieren', 'Als überfällig markieren', 'Mitgliedschaft kündigen']) await memberships.getByRole('button', { name: action, exact: true }).waitFor();
      await world.desk.check('member-profile-de');

      // A fixed day far ahead: the field reads it the way German writes it in Ireland, whatever today is.
      const start = DateTime.fromISO('2030-03-01');
      await world.desk.button('Verkaufen').click();
      const sell = world.desk.dialog('Verkaufen');
      await labelled(sell, 'Tarif').selectOption({ label: `${northPlan.name}, ${new Intl.NumberFormat('de-IE', { style: 'currency', currency: 'EUR' }).format(northPlan.priceCents / 100)}` });
      await fillDate(labelled(sell, 'Startdatum'), start, 'de-IE');
      expect(await labelled(sell, 'Startdatum').inputValue()).toBe(typedDate(start, 'de-IE'));
      await expect.poll(() => sell.textContent(), poll).toContain('Hat bereits');
      expect(await sell.textContent()).toContain('verlängert sich monatlich, ab ');
      await world.desk.check('member-sell-de');
      await sell.getByRole('button', { name: 'Abbrechen' }).click();
      await sell.waitFor({ state: 'hidden' });
    } finally {
      await world.desk.goto('/app/account');
      await world.desk.choose('Sprache', 'Sprache des Standorts (English)');
      await world.desk.mainNavigation().getByRole('link', { name: 'Members', exact: true }).waitFor();
    }
  });
});
