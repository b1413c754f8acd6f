import { FakeLocalApi } from '@studio/testkit/kiosk/fake-local-api';
import { kioskFixture } from '@studio/testkit/kiosk/kiosk-fixture';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { KioskAnswer } from '@studio/shared/kiosk';
import { startShell } from '../helpers/shell-under-test.ts';

let api: FakeLocalApi;
let agentUrl: string;
let running: Awaited<ReturnType<typeof startShell>> | null = null;

beforeAll(async () => {
  api = new FakeLocalApi(kioskFixture().data);
  agentUrl = new URL(await api.start()).origin;
});

afterAll(async () => {
  await api.stop();
});

afterEach(() => {
  running?.shell.stop();
  running = null;
});

const pastDue: KioskAnswer = {
  outcome: 'refused',
  reason: 'past_due',
  first_name: 'Priya',
  class_id: null,
  class_name: null,
  walk_in: false,
  offline: false,
};

describe('the kiosk shell', () => {
  it("forwards the agent's answer and status events to the window, and drops one off the contract", async () => {
    running = await startShell(agentUrl);
    const contents = running.window().webContents;
    await vi.waitFor(() => expect(api.openStreams).toBe(1));
    api.emitRaw('answer', '{"outcome":"maybe"}');
    api.emitRaw('decision', '{"granted":true}');
    api.emitAnswer(pastDue);
    api.setStatus({ offline: true });
    await vi.waitFor(() => expect(contents.sent).toHaveLength(2));
    expect(contents.sent).toEqual([
      ['kiosk:answer', pastDue],
      ['kiosk:status', { ...api.data.status, offline: true }],
    ]);
  });

  it('opens a fresh window when the renderer crashes, then closes the dead one', async () => {
    running = await startShell(agentUrl, { restartDelayMs: 0 });
    const crashed = running.window();
    crashed.webContents.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 139 });
    await vi.waitFor(() => expect(running!.fake.windows).toHaveLength(2));
    const fresh = running.window();
    expect(fresh).not.toBe(crashed);
    expect(crashed.destroyed).toBe(true);
    expect(fresh.loaded).toEqual(['kiosk://app/index.html?idle=30&answer=5']);
    expect(running.shell.restarts).toBe(1);
    // IPC now trusts the new window only.
    const frame = { url: 'kiosk://app/index.html', parent: null };
    expect(running.shell.isTrustedSender({ sender: fresh.webContents, senderFrame: frame })).toBe(true);
    expect(running.shell.isTrustedSender({ sender: crashed.webContents, senderFrame: frame })).toBe(false);
  });

  it('does not restart after a clean exit or once stopped', async () => {
    running = await startShell(agentUrl, { restartDelayMs: 0 });
    running.window().webContents.emit('render-process-gone', {}, { reason: 'clean-exit', exitCode: 0 });
    running.shell.stop();
    running.window().webContents.emit('render-process-gone', {}, { reason: 'killed', exitCode: 9 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(running.fake.windows).toHaveLength(1);
    expect(running.shell.restarts).toBe(0);
  });
});
