import { useOwnerAtNorth } from '@studio/testkit/web/owner-at-north';
import { webSeed } from '@studio/testkit/web/seed-business';
import { labelled } from '@studio/testkit/web/staff-page';
import { describe, expect, it } from 'vitest';

/**
 * Setup, end to end: a rule changed on Setup -> Locations is what the API then applies (a
 * past-due member's card resolves differently through /v1 with a door's key), a service and a plan
 * added in the browser are listed by the API, and the kiosk's branding (logo, accent colour,
 * language) is stored on the location as the CLI prints it. Real `studio serve` (SQLite), Debian's
 * Chromium; the steps build on each other, in order.
 */
const { pastDue } = webSeed;
const poll = { timeout: 20_000, interval: 100 };
/** A 1 x 1 PNG, as a logo file. */
const tinyPng = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

const world = useOwnerAtNorth();

async function api<T>(key: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(`${world.stack.apiUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as T };
}

interface Resolved {
  found: boolean;
  valid_for_checkin: boolean;
  reason: string | null;
  warnings: string[];
}

const rulesForm = () => world.desk.page.getByRole('form', { name: 'Location rules' });

async function openSetup(page: string, heading: string): Promise<void> {
  const setupNav = world.desk.page.getByRole('navigation', { name: 'Setup' });
  if ((await setupNav.count()) === 0) await world.desk.mainNavigation().getByRole('link', { name: 'Setup', exact: true }).click();
  await setupNav.getByRole('link', { name: page, exact: true }).click();
  await world.desk.heading(heading).waitFor();
}

describe('Setup', () => {
  it("turns the past-due alert from block to warn, and the door's key then resolves the card as allowed with a warning", async () => {
    const north = world.stack.seed.locations.north;
    const key = await world.stack.mintKey(['checkin:members'], north, 'North door');
    const before = await api<Resolved>(key, 'POST', '/members/resolve', { identifier: pastDue.card, location_id: north });
    expect(before.body).toMatchObject({ found: true, valid_for_checkin: false, reason: 'past_due' });

    await openSetup('Locations', 'Locations');
    await rulesForm().waitFor();
    // The zone is shown with its local time now, so a wrong zone shows before it is saved.
    expect(await world.desk.page.getByText(/Local time there now:/).textContent()).toMatch(/\d{2}:\d{2}/);
    await world.desk.check('setup-locations');
    await world.desk.choose('Past due payment', 'Warn: let in, with a warning', rulesForm());
    await rulesForm().getByRole('button', { name: 'Save rules' }).click();
    await rulesForm().getByRole('status').filter({ hasText: 'Rules saved' }).waitFor();

    const after = await api<Resolved>(key, 'POST', '/members/resolve', { identifier: pastDue.card, location_id: north });
    expect(after.body).toMatchObject({ found: true, valid_for_checkin: true, reason: null, warnings: ['past_due'] });
  });

  it("shows the server's refusal beside the field it names, and keeps what was typed", async () => {
    const opens = labelled(rulesForm(), 'Check-in opens (minutes before start)');
    await opens.fill('2000');
    await rulesForm().getByRole('button', { name: 'Save rules' }).click();
    const field = rulesForm().getByText(/Invalid settings\.classes\.checkin_opens_minutes_before/);
    await field.waitFor();
    expect(await opens.inputValue()).toBe('2000');
    expect(await opens.getAttribute('aria-invalid')).toBe('true');
    await world.desk.check('setup-locations-refused');
    await opens.fill('30');
    await rulesForm().getByRole('button', { name: 'Save rules' }).click();
    await expect.poll(() => field.count(), poll).toBe(0);
    await rulesForm().getByRole('status').filter({ hasText: 'Rules saved' }).waitFor();
    const settings = JSON.parse((await world.stack.cli(['locations', 'settings', world.stack.seed.locations.north])).stdout) as { classes: { checkin_opens_minutes_before: number } };
    expect(settings.classes.checkin_opens_minutes_before).toBe(30);
  });

  it('stores the kiosk branding: an uploaded logo, the accent colour and the language', async () => {
    await rulesForm().locator('input[type="file"]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: tinyPng });
    await world.desk.page.getByRole('img', { name: 'Logo preview' }).waitFor();
    await labelled(rulesForm(), 'Accent colour').fill('#0b7285');
    await world.desk.choose('Kiosk language', 'Español', rulesForm());
    await rulesForm().getByRole('button', { name: 'Save rules' }).click();
    await rulesForm().getByRole('status').filter({ hasText: 'Rules saved' }).waitFor();
    await world.desk.check('setup-locations-branding');

    const outcome = await world.stack.cli(['locations', 'settings', world.stack.seed.locations.north]);
    const { branding } = JSON.parse(outcome.stdout) as { branding: { logo: string; accent_colour: string; language: string } };
    expect(branding).toEqual({ logo: `data:image/png;base64,${tinyPng.toString('base64')}`, accent_colour: '#0b7285', language: 'es' });
  });

  it('adds bookable staff and a room, and shows each setup page', async () => {
    await openSetup('Staff', 'Bookable staff');
    await world.desk.button('Add bookable staff').click();
    const staffDialog = world.desk.dialog('Add bookable staff');
    await labelled(staffDialog, 'First name').fill('Aoife');
    await labelled(staffDialog, 'Last name').fill('Byrne');
    await staffDialog.getByRole('button', { name: 'Add' }).click();
    await world.desk.page.getByRole('table', { name: 'Bookable staff' }).getByRole('row').filter({ hasText: 'Aoife Byrne' }).waitFor();
    await world.desk.check('setup-staff');

    await openSetup('Rooms', 'Rooms');
    await world.desk.button('Add room').click();
    const roomDialog = world.desk.dialog('Add room');
    await labelled(roomDialog, 'Room name').fill('Studio One');
    await roomDialog.getByRole('button', { name: 'Add' }).click();
    await world.desk.page.getByRole('table', { name: 'Rooms' }).getByRole('row').filter({ hasText: 'Studio One' }).waitFor();
    await world.desk.check('setup-rooms');
  });

  it('creates a class service and a plan in the browser, and the API lists both', async () => {
    const north = world.stack.seed.locations.north;
    await openSetup('Services', 'Services');
    await world.desk.button('Add service').click();
    const dialog = world.desk.dialog('Add service');
    await labelled(dialog, 'Service name').fill('Morning Yoga');
    await world.desk.choose('Kind', 'Class', dialog);
    await labelled(dialog, 'Length (minutes)').fill('45');
    await labelled(dialog, 'Price (EUR)').fill('12.50');
    await world.desk.choose('Room', 'Studio One', dialog);
    await dialog.getByRole('checkbox', { name: 'Aoife Byrne' }).check();
    await dialog.getByRole('checkbox', { name: 'Booking needs a membership or package' }).check();
    await world.desk.check('setup-service-dialog');
    await dialog.getByRole('button', { name: 'Add service' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const row = world.desk.page.getByRole('table', { name: 'Services' }).getByRole('row').filter({ hasText: 'Morning Yoga' });
    await row.waitFor();
    expect(await row.textContent()).toContain('€12.50');
    await world.desk.check('setup-services');

    await openSetup('Plans', 'Membership plans');
    await world.desk.button('Add plan').click();
    const planDialog = world.desk.dialog('Add plan');
    await labelled(planDialog, 'Plan name').fill('Eight a Month');
    await labelled(planDialog, 'Price (EUR)').fill('60');
    // A visit limit without its period is refused by the server, beside the period.
    await labelled(planDialog, 'Visit limit').fill('8');
    await planDialog.getByRole('button', { name: 'Add plan' }).click();
    await planDialog.getByText('visit_limit and visit_period go together', { exact: false }).waitFor();
    await world.desk.choose('Visits counted per', 'Month', planDialog);
    await planDialog.getByRole('button', { name: 'Add plan' }).click();
    await planDialog.waitFor({ state: 'hidden' });
    await world.desk.page.getByRole('table', { name: 'Membership plans' }).getByRole('row').filter({ hasText: 'Eight a Month' }).waitFor();
    await world.desk.check('setup-plans');

    const key = await world.stack.mintKey(['read:catalog', 'read:memberships'], north, 'Website');
    const services = await api<{ data: { name: string; price_cents: number; duration_minutes: number }[] }>(key, 'GET', `/services?location_id=${north}`);
    expect(services.body.data).toContainEqual(expect.objectContaining({ name: 'Morning Yoga', price_cents: 1250, duration_minutes: 45 }));
    const plans = await api<{ data: { name: string; price_cents: number }[] }>(key, 'GET', `/memberships?location_id=${north}`);
    expect(plans.body.data).toContainEqual(expect.objectContaining({ name: 'Eight a Month', price_cents: 6000, billing_interval: 'monthly' }));
  });

  it('adds a package and issues a gift card', async () => {
    await openSetup('Packages', 'Packages');
    await world.desk.button('Add package').click();
    const dialog = world.desk.dialog('Add package');
    await labelled(dialog, 'Package name').fill('Ten Classes');
    await labelled(dialog, 'Sessions').fill('10');
    await labelled(dialog, 'Price (EUR)').fill('100');
    await dialog.getByRole('button', { name: 'Add package' }).click();
    await world.desk.page.getByRole('table', { name: 'Packages' }).getByRole('row').filter({ hasText: 'Ten Classes' }).waitFor();
    await world.desk.check('setup-packages');

    await openSetup('Gift cards', 'Gift cards');
    for (const attempt of ['first', 'again'] as const) {
      await world.desk.button('Issue gift card').click();
      const issue = world.desk.dialog('Issue gift card');
      await labelled(issue, 'Code').fill('GIFT-0001');
      await labelled(issue, 'Balance (EUR)').fill('50');
      await issue.getByRole('button', { name: 'Issue gift card' }).click();
      if (attempt === 'first') {
        await issue.waitFor({ state: 'hidden' });
      } else {
        // A code is the business's once: the second is refused beside the code, the dialog stays.
        await issue.getByText('Another gift card of this business has the code "GIFT-0001"', { exact: false }).waitFor();
        await world.desk.check('setup-gift-card-taken');
        await issue.getByRole('button', { name: 'Cancel' }).click();
      }
    }
    const row = world.desk.page.getByRole('table', { name: 'Gift cards' }).getByRole('row').filter({ hasText: 'GIFT-0001' });
    await row.waitFor();
    expect(await row.textContent()).toContain('€50.00');
    await world.desk.check('setup-gift-cards');
  });
});
