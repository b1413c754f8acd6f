import { startKioskStack, type KioskStack } from '@studio/testkit/kiosk/kiosk-stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kioskPost } from '../helpers/kiosk-http.js';

/**
 * The stack as the browser tests use it, with the agent's jobs running on their own: a check-in
 * taken while the server is stopped reaches it by itself once it is back, exactly once.
 */
describe('the kiosk stack with live jobs', () => {
  let stack: KioskStack;
  beforeAll(async () => {
    stack = await startKioskStack();
  });
  afterAll(() => stack.close());

  it('delivers an offline check-in by itself after the server restarts, and only once', async () => {
    const { vera } = stack.seed.members;
    const { openClass } = stack.seed;
    await stack.stopServer();
    const tapped = await kioskPost(stack, '/kiosk/api/check-in', { class_id: openClass.id, contact_id: vera.contactId });
    expect(tapped.body).toMatchObject({ outcome: 'checked_in', offline: true });
    await stack.startServer();
    const poll = { timeout: 20_000, interval: 200 };
    await expect.poll(async () => (await stack.serverRoster(openClass.id)).find((r) => r.contact_id === vera.contactId)?.status, poll).toBe('checked_in');
    await expect.poll(async () => ((await (await fetch(`${stack.localApiUrl}/kiosk/api/status`)).json()) as { offline: boolean }).offline, poll).toBe(false);
    await stack.syncNow();
    const visits = await stack.studio.f.db.all(stack.studio.f.db.qb.selectFrom('visits').select(['kind', 'offline']).where('membership_id', '=', vera.membershipId));
    expect(visits).toEqual([{ kind: 'class', offline: 1 }]);
  });
});
