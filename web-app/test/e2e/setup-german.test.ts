import { useOwnerAtNorth } from '@studio/testkit/web/owner-at-north';
import { webSeed } from '@studio/testkit/web/seed-business';
import { labelled } from '@studio/testkit/web/staff-page';
import { describe, expect, it } from 'vitest';

/**
 * Setup and Import in German: an owner who chose German on the Account page finds the setup pages,
 * their forms and dialogs, and the import page in German, with dates, money and counts as Germans
 * write them; axe and screenshots at both sizes for each. Real `studio serve` (SQLite), Debian's
 * Chromium; the steps build on each other.
 */
const world = useOwnerAtNorth();
const page = () => world.desk.page;
const setupNav = () => page().getByRole('navigation', { name: 'Einrichtung' });

async function openSetup(link: string, heading: string): Promise<void> {
  await setupNav().getByRole('link', { name: link, exact: true }).click();
  await world.desk.heading(heading).waitFor();
}

describe('Setup and Import in German', () => {
  it('shows the locations page in German, its zone preview in German words and an access-hours mistake explained in German', async () => {
    await world.desk.open('Account');
    await world.desk.choose('Language', 'Deutsch');
    const nav = page().getByRole('navigation', { name: 'Hauptmenü' });
    await nav.getByRole('link', { name: 'Einrichtung', exact: true }).click();
    await world.desk.heading('Standorte').waitFor();

    const rules = page().getByRole('form', { name: 'Regeln des Standorts' });
    await rules.getByRole('heading', { name: 'Check-in-Hinweise' }).waitFor();
    // The zone's local time now, in German: a German weekday and the 24-hour clock.
    expect(
      await page()
        .getByText(/Ortszeit dort jetzt:/)
        .textContent(),
    ).toMatch(/(Montag|Dienstag|Mittwoch|Donnerstag|Freitag|Samstag|Sonntag).*\d{2}:\d{2}/);
    await world.desk.check('de-setup-locations');

    await rules.getByLabel('Mitglieder dürfen nur während der Zugangszeiten einchecken').check();
    await labelled(rules, 'Montag').fill('früh');
    await rules.getByRole('button', { name: 'Regeln speichern' }).click();
    await rules.getByText('„früh“ ist kein Zeitraum', { exact: false }).waitFor();
    await world.desk.check('de-setup-access-hours', { show: labelled(rules, 'Montag') });
  });

  it('lists plans and adds one through a German dialog', async () => {
    await openSetup('Tarife', 'Mitgliedschaftstarife');
    const table = page().getByRole('table', { name: 'Mitgliedschaftstarife' });
    await table.getByRole('columnheader', { name: 'Abrechnung' }).waitFor();
    await world.desk.button('Tarif hinzufügen').click();
    const dialog = world.desk.dialog('Tarif hinzufügen');
    await labelled(dialog, 'Name des Tarifs').fill('Zehn im Monat');
    await labelled(dialog, 'Preis (EUR)').fill('75,50');
    await labelled(dialog, 'Besuchslimit').fill('10');
    await world.desk.choose('Besuche gezählt pro', 'Monat', dialog);
    await world.desk.check('de-setup-plan-dialog');
    await dialog.getByRole('button', { name: 'Tarif hinzufügen' }).click();
    const row = table.getByRole('row').filter({ hasText: 'Zehn im Monat' });
    await row.waitFor();
    // Money as written in German at an Irish studio, and the limit as an ICU plural.
    expect(await row.textContent()).toContain('75,50');
    expect(await row.textContent()).toContain('10 Besuche pro Monat');
    await world.desk.check('de-setup-plans');
  });

  it('shows services with their German dialog, and the other setup pages', async () => {
    await openSetup('Leistungen', 'Leistungen');
    await world.desk.button('Leistung hinzufügen').click();
    const dialog = world.desk.dialog('Leistung hinzufügen');
    await labelled(dialog, 'Preis (EUR)').fill('zwölf');
    await dialog.getByRole('button', { name: 'Leistung hinzufügen' }).click();
    await dialog.getByText('Geben Sie einen Preis in EUR ein, z. B. 45,00.').waitFor();
    await world.desk.check('de-setup-service-dialog');
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await dialog.waitFor({ state: 'hidden' });

    for (const [link, heading] of [
      ['Personal', 'Buchbares Personal'],
      ['Räume', 'Räume'],
      ['Pakete', 'Pakete'],
      ['Gutscheine', 'Gutscheine'],
    ] as const) {
      await openSetup(link, heading);
      await world.desk.check(`de-setup-${link === 'Räume' ? 'raeume' : link.toLowerCase()}`);
    }
  });

  it('dry-runs an import file in German, with its counts as German plurals', async () => {
    await page().getByRole('navigation', { name: 'Hauptmenü' }).getByRole('link', { name: 'Import und Export', exact: true }).click();
    await world.desk.heading('Import und Export').waitFor();
    await world.desk.check('de-import-export');

    const file = { version: 1, existing: { locations: [{ ref: 'north', slug: 'north' }] }, rooms: [{ ref: 'loft', location: 'north', name: 'Loft' }] };
    await page()
      .locator('input[type="file"]')
      .setInputFiles({ name: 'raum.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file)) });
    await labelled(page(), 'Ihr Passwort').fill(webSeed.owner.password);
    await world.desk.button('Probelauf').click();
    await page().getByText('Probelauf: kein Problem gefunden').waitFor();
    await page().getByText('Würde anlegen: 1 Raum. Noch wurde nichts geschrieben.').waitFor();
    await world.desk.check('de-import-dry-run');
  });
});
