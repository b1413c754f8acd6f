import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCompanyId } from '../../src/modules/setup/demo.js';
import { dialects, freshDatabase, type TestDatabase } from '../helpers/databases.js';
import { studioBin } from '../helpers/processes.js';

const run = promisify(execFile);
const keyPattern = /^harbour_sk_live_[0-9A-Za-z]{43}$/;

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

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
  async function studio(...args: string[]): Promise<Outcome> {
    return studioWith({}, ...args);
  }

  async function studioWith(overrides: Record<string, string>, ...args: string[]): Promise<Outcome> {
    const env = { ...process.env, DATABASE_URL: database.url, HOST: '127.0.0.1', PORT: '4310', LOG_LEVEL: 'silent', ...overrides };
    try {
      const { stdout, stderr } = await run(process.execPath, [studioBin, ...args], { env });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  }

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
    writeFileSync(file, JSON.stringify({
      version: 1,
      company: { name: 'Broken Gym' },
      locations: [{ ref: 'main', name: 'Main', slug: 'main', timezone: 'Europe/Dublin', country: 'IE' }],
      services: [{ ref: 'yoga', location: 'downtown', name: 'Yoga', kind: 'class', duration_minutes: 60, price_cents: 1500 }],
    }));
    const { code, stderr } = await studio('import', file);
    expect(code).toBe(1);
    expect(stderr).toBe(
      'studio: import refused, nothing was written (1 problem):\n' +
        '  services[0] (ref "yoga"): location "downtown" is not a location in this file\n',
    );
  });

  it('creates a company', async () => {
    const { code, stdout } = await studio('companies', 'create', '--name', 'North Gym', '--key-prefix', 'north');
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ name: 'North Gym', key_prefix: 'north', id: expect.any(String) });
  });
});
