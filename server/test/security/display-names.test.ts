import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mintSetupLink } from '../../src/modules/staff-accounts/setup-link.js';
import { twoLocationStudio } from '../staff-accounts/studio.js';
import { host, origin, password, webStudio, type Browser } from '../web/web-studio.js';

type Studio = Awaited<ReturnType<typeof webStudio>>;

/**
 * Issue 30, N16: staff display names took anything: U+202E, zero-width characters and newlines,
 * and a manager named a front-desk account "Olive (owner)". The audit log and a check-in's
 * override show these names beside the role the app writes in brackets.
 */
describe.each(dialects)('staff display names (%s)', (dialect) => {
  const suite = useFreshDatabase(dialect);
  let s: Studio;
  let manager: Browser;
  beforeAll(async () => {
    s = await webStudio(suite.db);
    manager = await s.signIn('mark@alder.example');
  });
  afterAll(() => s.app.close());

  let accounts = 0;
  const create = (displayName: string) => {
    accounts += 1;
    return s.send({
      method: 'POST',
      url: '/app/api/accounts',
      as: manager,
      body: { email: `desk${accounts}@alder.example`, display_name: displayName, role: 'front_desk', location_ids: [s.studio.north] },
    });
  };
  const errorOf = (response: { json: <T>() => T }) => response.json<{ error: { code: string; param: string; message: string } }>().error;

  it('keeps names without bidi, zero-width or control characters, in NFC, with single spaces', async () => {
    const cases: [string, string][] = [
      ['Ana\u202Eknesed', 'Anaknesed'],
      ['\u2067Ana\u2069 \u200EBell\u200F', 'Ana Bell'],
      ['Zo\u200Be\u200D\u2060\uFEFF', 'Zoe'],
      ['Ana\nBell\r\n\tDesk', 'Ana Bell Desk'],
      ['  Ana \u00A0\u2003  Bell\u2028 ', 'Ana Bell'],
      ['Jose\u0301 Ni\u00F1o', 'Jos\u00E9 Ni\u00F1o'],
      ['Ana\u0007\u001B[31m\u007F', 'Ana[31m'],
    ];
    for (const [sent, kept] of cases) {
      const response = await create(sent);
      expect(response.statusCode, JSON.stringify(sent)).toBe(201);
      expect(response.json<{ display_name: string }>().display_name, JSON.stringify(sent)).toBe(kept);
    }
  });

  it('refuses a name that pretends to a role, and one with nothing to show or too long', async () => {
    for (const name of ['Olive (owner)', 'Olive (Owner)', 'Olive [manager]', 'Dee (front desk)', 'Olive\u00A0( owner )', 'Olive \uFF08owner\uFF09', 'Olive (\u200Bowner)']) {
      const response = await create(name);
      expect(response.statusCode, name).toBe(400);
      expect(errorOf(response)).toMatchObject({ code: 'invalid_param', param: 'display_name', message: expect.stringContaining('role') });
    }
    const invisible = await create('\u200B\u202E\u2066');
    expect(invisible.statusCode).toBe(400);
    expect(errorOf(invisible)).toMatchObject({ code: 'missing_field', param: 'display_name' });
    const long = await create(`${'a'.repeat(60)}\u200B${'b'.repeat(41)}`);
    expect(errorOf(long)).toMatchObject({ code: 'invalid_param', param: 'display_name' });
    // An owner in brackets that is no role word is a name like any other.
    expect((await create('Olive (Olu)')).statusCode).toBe(201);
  });

  it('cleans the first owner’s name from a setup link the same way', async () => {
    const studio = await twoLocationStudio(suite.db);
    const link = await mintSetupLink(suite.db, s.settings, studio.companyId);
    const setup = (displayName: string) =>
      s.app.inject({
        method: 'POST',
        url: '/app/api/setup',
        remoteAddress: '192.0.2.90',
        headers: { host, origin, 'content-type': 'application/json' },
        payload: JSON.stringify({ token: link.token, email: 'first@alder.example', display_name: displayName, password }),
      });
    const refused = await setup('Mallory (owner)');
    expect(refused.statusCode).toBe(400);
    const made = await setup('Olu\u202E Owner');
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json<{ account: { display_name: string } }>().account.display_name).toBe('Olu Owner');
  });
});
