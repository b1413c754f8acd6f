import { readFile } from 'node:fs/promises';
import { useOwnerAtNorth } from '@studio/testkit/web/owner-at-north';
import { webSeed } from '@studio/testkit/web/seed-business';
import { labelled } from '@studio/testkit/web/staff-page';
import { describe, expect, it } from 'vitest';

/**
 * The owner's import and export, end to end: a file with problems of both kinds (its shape, and
 * what it points at) shows every one of them at once; the fixed file's dry run says what it would
 * create; the commit adds a plan and a class series at the existing North, which the desk then
 * sells and the timetable lists; the export downloads the business. Real `studio serve` (SQLite),
 * Debian's Chromium; the steps build on each other.
 */
const { owner, northMember } = webSeed;
const world = useOwnerAtNorth();
const planName = 'Reformer Ten';

/** Adds to the seeded business: a service, a plan and a Monday and Wednesday series at North, which exists already. */
function additions() {
  return {
    version: 1,
    existing: { locations: [{ ref: 'north', slug: 'north' }] },
    staff: [{ ref: 'rae', first_name: 'Rae', last_name: 'Moss' }],
    services: [{ ref: 'reformer', location: 'north', name: 'Reformer Pilates', kind: 'class', duration_minutes: 50, price_cents: 2500, staff: ['rae'] }],
    membership_plans: [{ ref: 'reformer-10', location: 'north', name: planName, price_cents: 11000, billing_interval: 'monthly', covered_services: ['reformer'] }],
    class_series: [{ location: 'north', service: 'reformer', staff: 'rae', weekdays: [1, 3], start_time: '18:30', capacity: 10, starts_on: '2030-03-04', ends_on: '2030-03-27' }],
  };
}

async function chooseFile(name: string, content: unknown): Promise<void> {
  await world.desk.page.locator('input[type="file"]').setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(content, null, 2)) });
}

const problems = () => world.desk.page.getByRole('list', { name: 'Problems' }).getByRole('listitem');

describe('import and export in the web app', () => {
  it('lists every problem of a file at once: its shape and its references', async () => {
    await world.desk.mainNavigation().getByRole('link', { name: 'Import and export', exact: true }).click();
    await world.desk.heading('Import and export').waitFor();
    await world.desk.check('import-export');

    const broken = additions() as ReturnType<typeof additions> & Record<string, unknown>;
    (broken.services[0] as Record<string, unknown>).duration_minutes = 'fifty';
    (broken.membership_plans[0] as Record<string, unknown>).colour = 'teal';
    broken.class_series[0]!.location = 'east';
    broken.class_series[0]!.staff = 'ray';
    broken.existing.locations.push({ ref: 'west', slug: 'west' });
    await chooseFile('additions.json', broken);
    await labelled(world.desk.page, 'Your password').fill(owner.password);
    await world.desk.button('Dry run').click();

    await world.desk.page.getByText('Dry run: 5 problems, nothing can be imported yet').waitFor();
    expect(await problems().allTextContents()).toEqual([
      'services[0] (ref "reformer").duration_minutes: Invalid input: expected number, received string',
      'membership_plans[0] (ref "reformer-10"): Unrecognized key: "colour"',
      'existing.locations[1] (ref "west"): no location with slug "west" in this company',
      'class_series[0]: location "east" is not a location in this file',
      'class_series[0]: staff "ray" is not a staff member in this file',
    ]);
    expect(await world.desk.button('Commit import').count()).toBe(0);
    await world.desk.check('import-dry-run-problems');
  });

  it('dry-runs the fixed file, commits exactly it, and the desk sells the new plan', async () => {
    await chooseFile('additions-fixed.json', additions());
    await world.desk.button('Dry run').click();
    const clean = world.desk.page.getByText('Dry run: no problem found');
    await clean.waitFor();
    // Mondays and Wednesdays from 4 to 27 March 2030: eight classes.
    await world.desk.page.getByText('Would create 1 staff member, 1 service, 1 staff qualification, 1 membership plan, 1 class series, 8 classes.').waitFor();
    await world.desk.check('import-dry-run-clean');

    await world.desk.button('Commit import').click();
    const done = world.desk.page.getByRole('status').filter({ hasText: 'Imported' });
    await done.waitFor();
    expect(await done.textContent()).toContain('Created 1 staff member, 1 service, 1 staff qualification, 1 membership plan, 1 class series, 8 classes.');
    await world.desk.check('import-committed');

    // The series is on the timetable, through the API the app uses.
    const classes = await world.desk.page.evaluate(async (north) => {
      const response = await fetch(`/app/api/v1/classes?location_id=${north}&from=2030-03-04&to=2030-03-31`);
      return ((await response.json()) as { data: { service: { name: string } | string; start_at: string }[] }).data;
    }, world.stack.seed.locations.north);
    expect(classes).toHaveLength(8);

    // The plan is for sale at North.
    await world.desk.goto(`/app/members/${world.stack.seed.contacts.nora}`);
    await world.desk.heading(`${northMember.firstName} ${northMember.lastName}`).waitFor();
    await world.desk.button('Sell').click();
    const dialog = world.desk.dialog('Sell');
    await world.desk.choose('Plan', planName, dialog);
    await dialog.getByRole('button', { name: new RegExp(`^Sell ${planName}`) }).waitFor();
    await world.desk.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('downloads the business as an import file, the new plan in it and no secret', async () => {
    await world.desk.mainNavigation().getByRole('link', { name: 'Import and export', exact: true }).click();
    await labelled(world.desk.page, 'Your password').fill(owner.password);
    const [download] = await Promise.all([world.desk.page.waitForEvent('download'), world.desk.button('Download export').click()]);
    expect(download.suggestedFilename()).toBe('harbour-fitness-export.json');
    const text = await readFile((await download.path())!, 'utf8');
    const file = JSON.parse(text) as { company: { id: string; name: string }; membership_plans: { name: string }[]; class_series: unknown[] };
    expect(file.company).toMatchObject({ id: world.stack.seed.companyId, name: webSeed.companyName });
    expect(file.membership_plans.map((plan) => plan.name)).toContain(planName);
    expect(file.class_series).toHaveLength(1);
    expect(text).not.toMatch(/password|key_hash|owner@harbour/);
    await world.desk.page.getByText('Downloaded.').waitFor();
    await world.desk.check('export-downloaded');
  });
});
