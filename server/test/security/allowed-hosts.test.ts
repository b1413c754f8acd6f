import { hostname } from 'node:os';
import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { host, password, setCookieOf, webStudio } from '../web/web-studio.js';

type Studio = Awaited<ReturnType<typeof webStudio>>;

/**
 * Issue 30, N15: the server never checked `Host`, and the Origin check compared against the
 * request's own Host, so a DNS-rebinding page (its own name pointed at the box) passed it on
 * sign-in and setup. The web app now answers only under allowed names.
 */
describe.each(dialects)('the host names the web app answers under (%s)', (dialect) => {
  const suite = useFreshDatabase(dialect);
  let s: Studio;
  beforeAll(async () => {
    // The studio's name, studio.test, is configured as ALLOWED_HOSTS would (web-studio.ts).
    s = await webStudio(suite.db);
  });
  afterAll(() => s.app.close());

  const signInUnder = (name: string, body = { email: 'olive@alder.example', password, company_id: '' }) =>
    s.app.inject({
      method: 'POST',
      url: '/app/api/sign-in',
      headers: { host: name, origin: `http://${name}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ ...body, company_id: s.studio.companyId }),
    });
  const errorOf = (response: { json: () => unknown }) => (response.json() as { error: { code: string; message: string } }).error;

  it('refuses a DNS-rebinding page: its name in Host and Origin alike gets 421 host_not_allowed, naming the setting, and no session', async () => {
    for (const name of ['evil.example:3000', 'attacker.example', '127.0.0.1.nip.io:3000', 'studio.test.evil.example']) {
      const response = await signInUnder(name);
      expect(response.statusCode, name).toBe(421);
      expect(errorOf(response).code).toBe('host_not_allowed');
      expect(errorOf(response).message).toContain('ALLOWED_HOSTS');
      expect(errorOf(response).message).not.toContain(name.split(':')[0]);
      expect(setCookieOf(response as never)).toBeUndefined();
    }
    const setup = await s.app.inject({
      method: 'POST',
      url: '/app/api/setup',
      headers: { host: 'evil.example', origin: 'http://evil.example', 'content-type': 'application/json' },
      payload: JSON.stringify({ token: 'x'.repeat(43), email: 'm@evil.example', display_name: 'M', password: 'a long enough passphrase' }),
    });
    expect(setup.statusCode).toBe(421);
    // A signed-in browser's cookie is no way round it, nor are the pages.
    const owner = await s.signIn('olive@alder.example');
    for (const url of ['/app/api/session', '/app/api/v1/contacts?location_id=x', '/app/', '/app/setup']) {
      const read = await s.app.inject({ method: 'GET', url, headers: { host: 'evil.example:3000', cookie: owner.cookie } });
      expect(read.statusCode, url).toBe(421);
    }
  });

  it('answers under localhost, any IP address, the machine’s name and the configured names, whatever the port or case', async () => {
    const names = [host, 'STUDIO.test:8443', 'studio.test.', 'localhost:3000', '127.0.0.1:3000', '192.168.1.20', '[::1]:3000', '[fd00::5]', hostname(), `${hostname()}.local:3000`];
    for (const name of names) expect((await signInUnder(name)).statusCode, name).toBe(200);
  });

  it('leaves the API alone: a key is no cookie a page could borrow', async () => {
    const ping = await s.app.inject({ method: 'GET', url: '/v1/ping', headers: { host: 'evil.example' } });
    expect(ping.statusCode).not.toBe(421);
  });
});

describe('ALLOWED_HOSTS', () => {
  it('takes names or addresses, comma-separated, and adds the name the server listens on', () => {
    expect(loadConfig({ ALLOWED_HOSTS: ' studio.example.com, 10.0.0.5 ,,desk.lan:3000' }).allowedHosts).toEqual(['studio.example.com', '10.0.0.5', 'desk.lan:3000']);
    expect(loadConfig({}).allowedHosts).toEqual([]);
    expect(loadConfig({ HOST: 'box.lan' }).allowedHosts).toEqual(['box.lan']);
    expect(loadConfig({ HOST: '0.0.0.0' }).allowedHosts).toEqual([]);
  });

  it('refuses a URL or a path, saying what it wants', () => {
    for (const value of ['https://studio.example.com', 'studio.example.com/app', 'a b']) {
      expect(() => loadConfig({ ALLOWED_HOSTS: value })).toThrow(ConfigError);
      expect(() => loadConfig({ ALLOWED_HOSTS: value })).toThrow(/ALLOWED_HOSTS: must be host names or addresses/);
    }
  });
});
