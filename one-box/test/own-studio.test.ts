import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EmulatedDevicePort } from '@studio/testkit/agent/emulated-port';
import { startPtyPair } from '@studio/testkit/agent/socat';
import { freePort, runOneBoxCommand, startStudio, type StudioProcess } from '@studio/testkit/server/processes';
import { afterAll, describe, expect, it } from 'vitest';

/** The banner comes after the agent's start: seconds on a loaded machine. */
const banner = { timeout: 30_000 };
const day = 86_400_000;
/** Where the one box's front desk reader reports: a reader of its front door's agent. */
const offeredScan = { device_id: 'front-door:front-desk-reader' };

/**
 * The unknown cards the web app's Enrol card offers at a location, as it asks for them: signed in as
 * the owner, through the one-time setup link the banner shows.
 */
async function offeredForEnrolment(output: string, locationId: string): Promise<() => Promise<{ device_id: string; last_four: string }[]>> {
  const [, origin, token] = /Open (http:\/\/127\.0\.0\.1:\d+)\/app\/setup#(\S+) to create the owner account/.exec(output)!;
  const setup = await fetch(`${origin}/app/api/setup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: origin! },
    body: JSON.stringify({ token, email: 'owner@anchor.example', display_name: 'Owner', password: 'a long enough owner password' }),
  });
  expect(setup.status).toBe(201);
  const cookie = setup.headers
    .getSetCookie()
    .map((set) => set.split(';')[0])
    .join('; ');
  return async () => ((await (await fetch(`${origin}/app/api/desk-scans?location_id=${locationId}`, { headers: { cookie } })).json()) as { data: { device_id: string; last_four: string }[] }).data;
}

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

describe('a new owner: from nothing to their own studio with a kiosk, a simulated front door and a front desk reader', () => {
  const dir = mkdtempSync(join(tmpdir(), 'studio-own-'));
  const data = join(dir, 'anchor');
  const file = join(dir, 'anchor.json');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('sets up from a business file, starts at the chosen location without the demo or a key on screen, admits a member at the front door, offers a fob held to the desk reader for enrolment and shows the class on the kiosk', async () => {
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
    const start = async (more: string[] = []): Promise<StudioProcess> =>
      startStudio('start', join(dir, 'ignored.db'), 'info', { args: ['--data', data, ...more], stdin: true, env: { STUDIO_AGENT_PORT: String(await freePort()) } });
    const studio = await start();
    try {
      await expect.poll(() => studio.output().includes('Class check-in kiosk:'), banner).toBe(true);
      const output = studio.output();
      expect(output).toContain('Front door (simulated turnstile) at Anchor Yoga City: type a card number or member code and Enter.');
      expect(output).toContain('Front desk reader (simulated), for enrolling cards: type desk, a space and the card number and Enter');
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

      // A fob nobody holds, "held" to the simulated desk reader: Enrol card offers it (its last four), and the door saw nothing.
      const offered = await offeredForEnrolment(output, made.box_location.id);
      studio.child.stdin!.write('desk 04C1D2E3F405FF\n');
      await expect.poll(offered, banner).toEqual([expect.objectContaining({ ...offeredScan, last_four: '05FF' })]);
      expect(studio.output()).not.toMatch(/"reason":"unknown/);
      // A card a member holds is no new card: not offered.
      studio.child.stdin!.write('desk 04C1D2E3F40580\n');
      await expect.poll(() => /"event":"desk.scan"[^\n]*"outcome":"held"/.test(studio.output()), banner).toBe(true);
      expect(await offered()).toHaveLength(1);

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
    // With a real desk reader (a serial one, here a pty): its reads reach the server as unknown cards to enrol.
    const reader = await startPtyPair('desk-reader');
    const second = await start(['--desk-reader', reader.a]);
    try {
      await expect.poll(() => second.output().includes('Class check-in kiosk:'), banner).toBe(true);
      expect(second.output()).not.toMatch(/_sk_live_/);
      expect(second.output()).toContain(`Front desk reader at ${reader.a}, for enrolling cards: hold a card to it`);
      const device = await EmulatedDevicePort.open(reader.b);
      try {
        await device.send(Buffer.from('04C1D2E3F405AA\r\n'));
        await expect.poll(() => /"event":"desk.scan"[^\n]*"outcome":"unknown"/.test(second.output()), banner).toBe(true);
      } finally {
        await device.close();
      }
    } finally {
      expect(await second.stop()).toBe(0);
      await reader.close();
    }
  });

  it('with --no-demo on an empty data folder, names the setup command and runs no turnstile', async () => {
    const studio = await startStudio('start', join(dir, 'ignored.db'), 'warn', { args: ['--no-demo', '--data', join(dir, 'empty')], env: { STUDIO_AGENT_PORT: String(await freePort()) } });
    try {
      await expect.poll(() => studio.output().includes('No studio set up here yet'), banner).toBe(true);
      expect(studio.output()).toContain('studio setup --data');
      expect(studio.output()).not.toContain('Front door');
      expect(studio.output()).not.toContain('Front desk reader');
      expect(studio.output()).not.toMatch(/_sk_live_/);
    } finally {
      expect(await studio.stop()).toBe(0);
    }
  });
});
