import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dialects, freshDatabase, type TestDatabase } from '@studio/testkit/server/databases';
import { runStudio } from '@studio/testkit/server/processes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/dialects/open.js';
import { demoCompanyId } from '../../src/modules/setup/demo.js';

const keyPattern = /^harbour_sk_live_[0-9A-Za-z]{43}$/;

describe.each(dialects)('the setup CLI on %s', (dialect) => {
  let database: TestDatabase;
  let dir: string;
  beforeAll(async () => {
    database = await freshDatabase(dialect);
    dir = mkdtempSync(join(tmpdir(), 'studio-cli-'));
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await database.drop();
  });

  /** `studio <args>` as a real process on the test database. */
  const studio = (...args: string[]) => runStudio(database.url, args);
  const studioWith = (env: Record<string, string>, ...args: string[]) => runStudio(database.url, args, env);

  it('demo seeds the business and prints a working key with a curl line', async () => {
    const { code, stdout } = await studio('demo');
    expect(code).toBe(0);
    const printed = JSON.parse(stdout);
    expect(printed).toMatchObject({ company_id: demoCompanyId, created: true });
    expect(printed.key).toMatch(keyPattern);
    expect(printed.curl).toBe(`curl -H "Authorization: Bearer ${printed.key}" http://127.0.0.1:4310/v1/ping`);
  });

  it('creates, lists and revokes a key', async () => {
    const created = await studio('keys', 'create', '--company', demoCompanyId, '--scopes', 'read:catalog,checkin:members', '--locations', 'all', '--name', 'turnstile');
    expect(created.code).toBe(0);
    const key = JSON.parse(created.stdout);
    expect(key).toMatchObject({ company_id: demoCompanyId, name: 'turnstile', scopes: ['read:catalog', 'checkin:members'], location_ids: null, revoked_at: null });
    expect(key.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(key.key).toMatch(keyPattern);

    const revoked = await studio('keys', 'revoke', key.id);
    expect(revoked.code).toBe(0);
    expect(JSON.parse(revoked.stdout)).toMatchObject({ id: key.id, revoked_at: expect.any(String) });

    const listed = await studio('keys', 'list', '--company', demoCompanyId);
    const keys = JSON.parse(listed.stdout) as Record<string, unknown>[];
    expect(keys.map((entry) => entry.name)).toEqual(['demo', 'turnstile']);
    expect(keys.find((entry) => entry.id === key.id)!.revoked_at).toEqual(expect.any(String));
    expect(listed.stdout).not.toContain(key.key);
    expect(keys.every((entry) => !('key' in entry) && !('key_hash' in entry))).toBe(true);
  });

  it('enrols, revokes and lists a card, sets a status and a signed form, never printing the number', async () => {
    const mia = { membership: '3c21c92b-a6ef-5138-a818-d505086d71fb', contact: 'af67d52f-6eef-5f09-8516-e9492ce4488a' };
    const added = await studio('cards', 'add', '--membership', mia.membership, '--uid', '0009334109');
    expect(added.code).toBe(0);
    const card = JSON.parse(added.stdout);
    expect(card).toEqual({ id: expect.any(String), membership_id: mia.membership, canonical: 'U:008E6D5D', lossy: false, created_at: expect.any(String) });
    const revoked = await studio('cards', 'revoke', card.id);
    expect(JSON.parse(revoked.stdout)).toEqual({ id: card.id, membership_id: mia.membership, revoked_at: expect.any(String) });
    const listed = await studio('cards', 'list', '--membership', mia.membership);
    expect(JSON.parse(listed.stdout)).toEqual([{ id: card.id, format: 'auto', canonical: 'U:008E6D5D', created_at: card.created_at, revoked_at: expect.any(String) }]);
    const unreadable = await studio('cards', 'add', '--membership', mia.membership, '--uid', '12-34-zz');
    expect(unreadable).toEqual({ code: 1, stdout: '', stderr: 'studio: card number is not hex, decimal or Wiegand 26\n' });
    expect([added, revoked, listed].map((run) => run.stdout).join('')).not.toContain('0009334109');

    const paused = await studio('memberships', 'set-status', mia.membership, 'paused');
    expect(JSON.parse(paused.stdout)).toEqual({ id: mia.membership, status: 'paused' });
    const signed = await studio('contacts', 'form-signed', mia.contact, '--at', '2026-03-02T10:15:00+01:00');
    expect(JSON.parse(signed.stdout)).toEqual({ id: mia.contact, form_signed_at: '2026-03-02T09:15:00.000Z' });
  });

  it("replaces a location's settings from a file, bumping the feed, and refuses a bad file with every problem", async () => {
    const london = '51d776da-2e01-50e6-88ba-7059ee450b81';
    const bad = join(dir, 'bad-settings.json');
    writeFileSync(bad, JSON.stringify({ checkin_alerts: { no_card: 'sometimes' }, matching_profile: { byte_order: 'backwards' }, colour: 'green' }));
    const refused = await studio('locations', 'settings', london, '--file', bad);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      `studio: ${bad}: settings refused, nothing was changed (3 problems):\n` +
        '  checkin_alerts.no_card: Invalid option: expected one of "block"|"warn"|"off"\n' +
        '  matching_profile.byte_order: Invalid option: expected one of "forward"|"reversed"|"both"\n' +
        '  (settings): Unrecognized key: "colour"\n',
    );

    const db = await openDatabase(database.url);
    try {
      const feedSeqs = async () => (await db.all(db.qb.selectFrom('credential_keys').select('feed_seq').where('company_id', '=', demoCompanyId))).map((row) => row.feed_seq);
      const before = Math.max(...(await feedSeqs()));
      const good = join(dir, 'settings.json');
      writeFileSync(good, JSON.stringify({ checkin_alerts: { no_card: 'block' }, matching_profile: { formats: { wiegand26: true }, byte_order: 'reversed' } }));
      const stored = await studio('locations', 'settings', london, '--file', good);
      expect(stored.code).toBe(0);
      expect(JSON.parse(stored.stdout)).toMatchObject({
        checkin_alerts: { past_due: 'block', no_card: 'block', form_missing: 'warn' },
        matching_profile: { formats: { hex: true, decimal: true, wiegand26: true }, byte_order: 'reversed' },
        classes: { max_classes_per_day: null },
      });
      // Every key of the company is in the feed's next delta: the change may alter any decision there.
      expect(Math.min(...(await feedSeqs()))).toBeGreaterThan(before);
    } finally {
      await db.close();
    }
  });

  it('refuses a bad environment with every problem named, and no stack trace', async () => {
    const { code, stdout, stderr } = await studioWith({ PORT: 'eighty', LOG_LEVEL: 'loud' }, 'keys', 'list', '--company', demoCompanyId);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toContain('PORT: ');
    expect(stderr).toContain('LOG_LEVEL: ');
    expect(stderr).not.toContain('    at ');
  });

  it('refuses an unknown scope with a one-line message', async () => {
    const { code, stdout, stderr } = await studio('keys', 'create', '--company', demoCompanyId, '--scopes', 'read:catalog,read:everything', '--locations', 'all');
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/^studio: unknown scope "read:everything"; known scopes: read:availability, .*, or all\n$/);
  });

  it('refuses an import file with a dangling reference, naming the entry', async () => {
    const file = join(dir, 'bad-import.json');
    writeFileSync(
      file,
      JSON.stringify({
        version: 1,
        company: { name: 'Broken Gym' },
        locations: [{ ref: 'main', name: 'Main', slug: 'main', timezone: 'Europe/Dublin', country: 'IE' }],
        services: [{ ref: 'yoga', location: 'downtown', name: 'Yoga', kind: 'class', duration_minutes: 60, price_cents: 1500 }],
      }),
    );
    const { code, stderr } = await studio('import', file);
    expect(code).toBe(1);
    expect(stderr).toBe('studio: import refused, nothing was written (1 problem):\n' + '  services[0] (ref "yoga"): location "downtown" is not a location in this file\n');
  });

  it('refuses the same import file twice, naming when and into which company, unless --again', async () => {
    const file = join(dir, 'aspen.json');
    const business = { version: 1, company: { name: 'Aspen Barre' }, locations: [{ ref: 'main', name: 'Aspen', slug: 'aspen', timezone: 'Europe/Dublin', country: 'IE' }] };
    writeFileSync(file, JSON.stringify(business));
    const first = await studio('import', file);
    expect(first.code).toBe(0);
    const { company_id } = JSON.parse(first.stdout);
    const db = await openDatabase(database.url);
    const recorded = await db.first(db.qb.selectFrom('import_fingerprints').select('imported_at').where('company_id', '=', company_id)).finally(() => db.close());

    writeFileSync(file, JSON.stringify(business, null, 2));
    const repeated = await studio('import', file);
    expect(repeated).toMatchObject({ code: 1, stdout: '' });
    expect(repeated.stderr).toBe(
      'studio: import refused, nothing was written (1 problem):\n' +
        `  (file): the same content was already imported on ${recorded!.imported_at} into company ${company_id} ("Aspen Barre"); to import it again anyway, use --again\n`,
    );
    const again = await studio('import', file, '--again');
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ created: { companies: 1, locations: 1 } });
  });

  it('creates a company, and deletes it only once its name is given as confirmation', async () => {
    const { code, stdout } = await studio('companies', 'create', '--name', 'North Gym', '--key-prefix', 'north');
    expect(code).toBe(0);
    const company = JSON.parse(stdout);
    expect(company).toMatchObject({ name: 'North Gym', key_prefix: 'north', id: expect.any(String) });

    const unconfirmed = await studio('companies', 'delete', company.id);
    expect(unconfirmed).toEqual({ code: 1, stdout: '', stderr: `studio: to delete company ${company.id}, confirm with its name: --confirm "North Gym"\n` });
    const deleted = await studio('companies', 'delete', company.id, '--confirm', 'North Gym');
    expect(deleted.code).toBe(0);
    expect(JSON.parse(deleted.stdout)).toEqual({
      id: company.id,
      name: 'North Gym',
      removed: {
        member_passes: 0,
        class_reminders: 0,
        member_preferences: 0,
        member_sessions: 0,
        member_calendar_feeds: 0,
        member_sign_in_codes: 0,
        member_sign_in_attempts: 0,
        api_keys: 0,
        device_heartbeats: 0,
        idempotency_keys: 0,
        import_fingerprints: 0,
        staff_audit_log: 0,
        staff_login_attempts: 0,
        staff_password_links: 0,
        staff_setup_tokens: 0,
        webhook_attempts: 0,
        webhook_deliveries: 0,
        webhook_endpoints: 0,
        events: 0,
      },
    });
  });
});
