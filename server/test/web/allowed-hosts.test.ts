import { describe, expect, it } from 'vitest';
import { allowedHosts, hostNameOf, isWebAppPath } from '../../src/web/allowed-hosts.js';

describe('reading a Host header', () => {
  it('names the host without port, brackets, case or a final dot, and nothing for what is no host', () => {
    expect(hostNameOf('Studio.Example.COM.:8443')).toBe('studio.example.com');
    expect(hostNameOf('[::1]:3000')).toBe('::1');
    expect(hostNameOf('192.0.2.1')).toBe('192.0.2.1');
    for (const bad of [undefined, '', ' ', '::1', 'user@evil.example', 'evil.example/path', 'a b', '[evil.example]']) expect(hostNameOf(bad), String(bad)).toBeNull();
  });

  it('allows IP addresses, localhost, the machine’s name (also under .local) and the configured names only', () => {
    const allows = allowedHosts(['studio.example.com', 'DESK.lan:3000'], 'Box1');
    for (const name of ['127.0.0.1', '10.1.2.3', '::1', 'fd00::5', 'localhost', 'box1', 'box1.local', 'studio.example.com', 'desk.lan']) expect(allows(name), name).toBe(true);
    for (const name of ['evil.example', 'box1.evil.example', '127.0.0.1.nip.io', 'localhost.evil.example', 'studio.example.com.evil.example']) expect(allows(name), name).toBe(false);
  });

  it('covers the web app’s pages and endpoints, not the API', () => {
    for (const url of ['/app', '/app/', '/app?x=1', '/app/api/sign-in', '/app/assets/index.js', '/m', '/m/', '/m/api/sign-in']) expect(isWebAppPath(url), url).toBe(true);
    for (const url of ['/v1/ping', '/application', '/apps', '/members', '/m2']) expect(isWebAppPath(url), url).toBe(false);
  });
});
