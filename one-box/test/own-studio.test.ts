import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, runOneBoxCommand, startStudio, type StudioProcess } from '@studio/testkit/server/processes';
import { afterAll, describe, expect, it } from 'vitest';

/** The banner comes after the agent's start: seconds on a loaded machine. */
const banner = { timeout: 30_000 };
const day = 86_400_000;

/**
 * A small real business as an owner would write it (docs/import-format.md): two locations, a plan,
 * two members with a card each (one past due), and a class. Dates are relative to `now`, the real
 * clock the processes run on, far from any edge: memberships began weeks ago, the class starts in
 * 20 minutes (its check-in window is open) whatever the hour.
 */
function businessFile(now: number) {
  const isoDate = (at: number) => new Date(at).toISOString().slice(0, 10);
  return {
    version: 1,
    company: { name: 'Anchor Yoga', key_prefix: 'anchor' },
    locations: [
      { ref: 'docks', name: 'Anchor Yoga Docklands', slug: 'docklands', timezone: 'Europe/Dublin', country: 'IE' },
      { ref: 'city', name: 'Anchor Yoga City', slug: 'city', timezone: 'Europe/Dublin', country: 'IE' },
    ],
    services: [{ ref: 'flow', location: 'city', name: 'Flow', kind: 'class', duration_minutes: 60, price_cents: 1500, requires_entitlement: true }],
    membership_plans: [{ ref: 'unlimited', location: 'city', name: 'Unlimited', price_cents: 9900, billing_interval: 'monthly', access_locations: ['docks', 'city'], covered_services: ['flow'] }],
    contacts: [
      { ref: 'aoife', location: 'city', first_name: 'Aoife', last_name: 'Byrne', email: 'aoife@example.com', form_signed_at: new Date(now - 40 * day).toISOString() },
      { ref: 'cian', location: 'city', first_name: 'Cian', last_name: 'Walsh', email: 'cian@example.com', form_signed_at: new Date(now - 40 * day).toISOString() },
    ],
    memberships: [
      { ref: 'm-aoife', contact: 'aoife', plan: 'unlimited', status: 'active', member_code: 'AY-1001', start_date: isoDate(now - 30 * day), card_uids: ['04C1D2E3F40580'] },
      { ref: 'm-cian', contact: 'cian', plan: 'unlimited', status: 'past_due', member_code: 'AY-1002', start_date: isoDate(now - 30 * day), card_uids: ['04C1D2E3F40581'] },
    ],
    classes: [{ ref: 'flow-soon', location: 'city', service: 'flow', start: new Date(now + 20 * 60_000).toISOString(), capacity: 12 }],
  };
}

describe('a new owner: from nothing to their own studio with a kiosk and a simulated turnstile', () => {
  const dir = mkdtempSync(join(tmpdir(), 'studio-own-'));
  const data = join(dir, 'anchor');
  const file = join(dir, 'anchor.json');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('sets up from a business file, starts at the chosen location without the demo or a key on screen, admits a member at the turnstile and shows the class on the kiosk', async () => {
    writeFileSync(file, JSON.stringify(businessFile(Date.now())));
    // A location the file does not have: refused before anything is imported, so the right one then works.
    const wrongPlace = await runOneBoxCommand(['setup', '--data', data, '--import', file, '--at', 'harbour']);
    expect(wrongPlace.code).toBe(1);
    expect(wrongPlace.stderr).toContain('--at harbour: no such location in the file; its locations: docklands, city');
    expect(existsSync(join(data, 'box.json'))).toBe(false);
    const setup = await runOneBoxCommand(['setup', '--data', data, '--import', file, '--at', 'city']);
    expect(setup.stderr).toBe('');
    expect(setup.code).toBe(0);
    const made = JSON.parse(setup.stdout) as { company_id: string; box_location: { id: string; name: string }; owner_key: { key: string }; ids: { memberships: Record<string, string> } };
    expect(made.box_location.name).toBe('Anchor Yoga City');
    expect(made.owner_key.key).toMatch(/^anchor_sk_live_/);
    expect(statSync(join(data, 'box.json')).mode & 0o777).toBe(0o600);

    // Once per data folder: a second setup changes nothing and says why.
    const again = await runOneBoxCommand(['setup', '--data', data, '--business', 'Other', '--location', 'Other', '--timezone', 'Europe/Dublin', '--country', 'IE']);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already sets this box up');

    const owner = { authorization: `Bearer ${made.owner_key.key}` };
    const start = async (): Promise<StudioProcess> =>
      startStudio('start', join(dir, 'ignored.db'), 'info', { args: ['--data', data], stdin: true, env: { STUDIO_AGENT_PORT: String(await freePort()) } });
    const studio = await start();
    try {
      await expect.poll(() => studio.output().includes('Class check-in kiosk:'), banner).toBe(true);
      const output = studio.output();
      expect(output).toContain('Simulated turnstile at Anchor Yoga City');
      expect(output).not.toContain('Harbour');
      expect(output).not.toMatch(/_sk_live_/);
      expect(output).toContain('owner key was shown once');

      // The owner's key works against the box's server; the demo is not there.
      const companies = await fetch(`${studio.base}/locations`, { headers: owner });
      expect(((await companies.json()) as { data: { name: string }[] }).data.map((l) => l.name).sort()).toEqual(['Anchor Yoga City', 'Anchor Yoga Docklands']);

      // A member code typed at the simulated turnstile: Aoife is admitted, recorded as her visit.
      studio.child.stdin!.write('AY-1001\n');
      const visits = async (membership: string) =>
        ((await (await fetch(`${studio.base}/members/${made.ids.memberships[membership]}/visits`, { headers: owner })).json()) as { data: { location_id: string }[] }).data;
      await expect.poll(() => visits('m-aoife'), banner).toHaveLength(1);
      expect((await visits('m-aoife'))[0]!.location_id).toBe(made.box_location.id);
      // Cian's membership is past due: refused, no visit.
      studio.child.stdin!.write('AY-1002\n');
      await expect.poll(() => /"granted":false[^\n]*"reason":"past_due"/.test(studio.output()), banner).toBe(true);
      expect(await visits('m-cian')).toHaveLength(0);

      // The kiosk at the box's location lists the owner's class.
      const kiosk = /Class check-in kiosk: (http:\/\/127\.0\.0\.1:\d+\/kiosk\/)/.exec(studio.output())![1]!;
      const timetable = (await (await fetch(`${kiosk}api/classes`)).json()) as { offline: boolean; data: { name: string }[] };
      expect(timetable.offline).toBe(false);
      expect(timetable.data.map((c) => c.name)).toEqual(['Flow']);
    } finally {
      expect(await studio.stop()).toBe(0);
    }

    // The agent's key is its own (mode 600), not the owner's; a second start prints no key either.
    expect(readFileSync(join(data, 'agent-key'), 'utf8')).not.toContain(made.owner_key.key);
    const second = await start();
    try {
      await expect.poll(() => second.output().includes('Class check-in kiosk:'), banner).toBe(true);
      expect(second.output()).not.toMatch(/_sk_live_/);
    } finally {
      expect(await second.stop()).toBe(0);
    }
  });

  it('with --no-demo on an empty data folder, names the setup command and runs no turnstile', async () => {
    const studio = await startStudio('start', join(dir, 'ignored.db'), 'warn', { args: ['--no-demo', '--data', join(dir, 'empty')], env: { STUDIO_AGENT_PORT: String(await freePort()) } });
    try {
      await expect.poll(() => studio.output().includes('No studio set up here yet'), banner).toBe(true);
      expect(studio.output()).toContain('studio setup --data');
      expect(studio.output()).not.toContain('Simulated turnstile');
      expect(studio.output()).not.toMatch(/_sk_live_/);
    } finally {
      expect(await studio.stop()).toBe(0);
    }
  });
});
