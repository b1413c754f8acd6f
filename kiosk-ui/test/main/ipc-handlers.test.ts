import { FakeLocalApi } from '@studio/testkit/kiosk/fake-local-api';
import { kioskFixture } from '@studio/testkit/kiosk/kiosk-fixture';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { KioskAnswer, KioskStatus } from '@studio/shared/kiosk';
import { ipcRequests } from '../../src/ipc-contract.ts';
import { frame, FakeWebContents } from '../helpers/fake-electron.ts';
import { startShell } from '../helpers/shell-under-test.ts';

// Main relays IPC to a real HTTP local API (the fake agent) on loopback.
let api: FakeLocalApi;
let agentUrl: string;
let fixture: ReturnType<typeof kioskFixture>;
let running: Awaited<ReturnType<typeof startShell>>;

beforeAll(async () => {
  fixture = kioskFixture();
  api = new FakeLocalApi(fixture.data);
  agentUrl = new URL(await api.start()).origin;
});

afterAll(async () => {
  await api.stop();
});

beforeEach(async () => {
  api.checkIns.length = 0;
  running = await startShell(agentUrl);
});

afterEach(() => running.shell.stop());

const topFrame = frame('kiosk://app/index.html?idle=30&answer=5');

function invokeFromKiosk(channel: string, ...args: unknown[]) {
  return running.fake.ipcMain.invoke(channel, running.window().webContents, topFrame, ...args);
}

describe('IPC handlers', () => {
  it('register exactly the channels of the contract', () => {
    expect([...running.fake.ipcMain.handlers.keys()].sort()).toEqual(
      Object.values(ipcRequests)
        .map((spec) => spec.channel)
        .sort(),
    );
  });

  it('relay a valid request from the kiosk frame to the agent and answer its reply', async () => {
    const status = await invokeFromKiosk('kiosk:get-status');
    expect(status).toEqual({ ok: true, value: KioskStatus.parse(fixture.data.status) });

    const request = { class_id: fixture.classes.yoga.id, contact_id: fixture.members.sam.contactId };
    const reply = (await invokeFromKiosk('kiosk:check-in', request)) as { ok: true; value: KioskAnswer };
    expect(reply.ok).toBe(true);
    expect(reply.value).toMatchObject({ outcome: 'checked_in', first_name: 'Sam', class_id: fixture.classes.yoga.id });
    expect(api.checkIns).toEqual([request]);
  });

  it('refuse a sender that is not the kiosk window, its top frame, at its origin', async () => {
    const request = { class_id: fixture.classes.yoga.id, contact_id: fixture.members.priya.contactId };
    const kioskContents = running.window().webContents;
    const senders = [
      { contents: new FakeWebContents(), frame: topFrame },
      { contents: kioskContents, frame: frame('kiosk://app/index.html', topFrame) },
      { contents: kioskContents, frame: frame('https://example.com/') },
      { contents: kioskContents, frame: frame('http://127.0.0.1:8787/kiosk/') },
      { contents: kioskContents, frame: null },
    ];
    for (const sender of senders) {
      const reply = await running.fake.ipcMain.invoke('kiosk:check-in', sender.contents, sender.frame, request);
      expect(reply).toMatchObject({ ok: false, error: { code: 'sender_not_allowed' } });
    }
    expect(api.checkIns).toEqual([]);
  });

  it('refuse a payload that fails its schema, before acting', async () => {
    const yoga = fixture.classes.yoga.id;
    const sam = fixture.members.sam.contactId;
    const bad: [channel: string, ...args: unknown[]][] = [
      ['kiosk:check-in', { class_id: yoga, contact_id: 'sam' }],
      ['kiosk:check-in', { class_id: yoga }],
      ['kiosk:check-in', { class_id: yoga, contact_id: sam, card_uid: '0009334109' }],
      ['kiosk:check-in', { class_id: yoga, contact_id: sam }, 'second argument'],
      ['kiosk:check-in', 'class_id=1'],
      ['kiosk:get-class', { id: '../../etc/passwd' }],
      ['kiosk:set-scan-target', { class_id: 42 }],
      ['kiosk:get-status', { anything: true }],
    ];
    for (const [channel, ...args] of bad) {
      expect(await invokeFromKiosk(channel, ...args), `${channel} ${JSON.stringify(args)}`).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
    }
    expect(api.checkIns).toEqual([]);
    expect(api.scanTargets).toEqual([]);
  });

  it("answer the agent's own error code, and unreachable when the agent is away", async () => {
    const missing = await invokeFromKiosk('kiosk:get-class', { id: '00000000-0000-4000-8000-000000000000' });
    expect(missing).toMatchObject({ ok: false, error: { code: 'resource_missing' } });

    running.shell.stop();
    running = await startShell('http://127.0.0.1:9');
    expect(await invokeFromKiosk('kiosk:list-classes')).toMatchObject({ ok: false, error: { code: 'unreachable' } });
  });
});
