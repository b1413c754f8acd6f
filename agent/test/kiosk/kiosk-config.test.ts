import { describe, expect, it } from 'vitest';
import { ConfigError, parseAgentConfig } from '../../src/config/load.js';
import { withSimulatedDevices } from '../../src/launch.js';

const minimal = {
  version: 1,
  server: { url: 'https://10.0.0.2:3000/v1', api_key: 'acme_sk_live_abc' },
  location_id: '00000000-0000-4000-8000-000000000001',
  device_id: 'front-kiosk',
};
const readers = {
  readers: [
    { id: 'gate', driver: 'stdin' },
    { id: 'desk', driver: 'stdin' },
  ],
  relays: [{ id: 'k1', driver: 'log' }],
};

function problemsOf(raw: unknown): string[] {
  try {
    parseAgentConfig(raw);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('kiosk config', () => {
  it('is off by default, with the documented defaults', () => {
    expect(parseAgentConfig(minimal).kiosk).toEqual({ enabled: false, horizon_hours: 3, refresh_s: 60, checkin_opens_min: 30, online_budget_ms: 2000 });
  });

  it('takes a reader of its own from devices.readers', () => {
    const config = parseAgentConfig({ ...minimal, devices: readers, lanes: [{ id: 'entry', reader: 'gate', relay: 'k1' }], kiosk: { enabled: true, reader: 'desk' } });
    expect(config.kiosk).toMatchObject({ enabled: true, reader: 'desk' });
    expect(problemsOf({ ...minimal, devices: readers, kiosk: { enabled: true, reader: 'nope' } })).toEqual(['kiosk.reader: no reader "nope" in devices.readers']);
    expect(problemsOf({ ...minimal, devices: readers, lanes: [{ id: 'entry', reader: 'gate', relay: 'k1' }], kiosk: { enabled: true, reader: 'gate' } })).toEqual([
      'kiosk.reader: reader "gate" drives a lane; the kiosk needs a reader of its own',
    ]);
  });

  it('serves the renderer from an absolute renderer_dir, and only from one', () => {
    expect(parseAgentConfig({ ...minimal, kiosk: { enabled: true, renderer_dir: '/opt/studio/kiosk-ui/dist/renderer' } }).kiosk.renderer_dir).toBe('/opt/studio/kiosk-ui/dist/renderer');
    expect(problemsOf({ ...minimal, kiosk: { enabled: true, renderer_dir: 'kiosk-ui/dist/renderer' } })).toEqual(['kiosk.renderer_dir: must be an absolute path']);
  });

  it('refuses a kiosk on a local API that is off or faces the network', () => {
    expect(problemsOf({ ...minimal, kiosk: { enabled: true }, local_api: { host: '0.0.0.0' } })).toEqual([expect.stringMatching(/^local_api\.host: .*loopback/)]);
    expect(problemsOf({ ...minimal, kiosk: { enabled: true }, local_api: { enabled: false } })).toEqual(['kiosk.enabled: the kiosk is served by the local API: enable local_api']);
    expect(problemsOf({ ...minimal, kiosk: { enabled: true, horizon_hours: 48, surprise: 1 } })).toEqual(
      expect.arrayContaining([expect.stringMatching(/^kiosk\.horizon_hours: /), expect.stringMatching(/^kiosk: .*surprise/)]),
    );
    expect(problemsOf({ ...minimal, kiosk: { enabled: true }, local_api: { host: '::1' } })).toEqual([]);
  });

  it('gives stdin to the kiosk when simulating a box with a kiosk reader and no lane, else to the first lane', () => {
    const kioskOnly = withSimulatedDevices(parseAgentConfig({ ...minimal, devices: readers, kiosk: { enabled: true, reader: 'desk' } }));
    expect(kioskOnly.devices.readers).toEqual([expect.objectContaining({ id: 'desk', driver: 'stdin' })]);
    expect(kioskOnly.lanes).toEqual([]);
    expect(kioskOnly.kiosk.reader).toBe('desk');
    const both = withSimulatedDevices(parseAgentConfig({ ...minimal, devices: readers, lanes: [{ id: 'entry', reader: 'gate', relay: 'k1' }], kiosk: { enabled: true, reader: 'desk' } }));
    expect(both.devices.readers).toEqual([expect.objectContaining({ id: 'gate', driver: 'stdin' })]);
    expect(both.kiosk.reader).toBeUndefined();
  });
});
