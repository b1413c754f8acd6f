import { memberPassKey, passPayload, passStep } from '@studio/shared/pass';
import { startKioskStack, type KioskStack } from '@studio/testkit/kiosk/kiosk-stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * A phone pass at the class kiosk's reader (docs/phone-pass.md): checked in the agent as at the
 * door (keys from the feed, the replay rule), naming the member without a resolve; then the usual
 * class check-in. The steps build on each other, in order.
 */
describe('a phone pass at the kiosk', () => {
  let stack: KioskStack;
  /** Vera's pass at the step the kiosk is in now. */
  let code: string;
  beforeAll(async () => {
    stack = await startKioskStack({ jobs: 'manual' });
    await stack.syncNow();
    const db = stack.studio.f.db;
    const [current] = await db.all(db.qb.selectFrom('location_pass_keys').select('key').where('location_id', '=', stack.studio.locationId).orderBy('epoch', 'desc'));
    const { vera } = stack.seed.members;
    const key = await memberPassKey(new Uint8Array(Buffer.from(current!.key, 'base64url')), vera.contactId);
    code = await passPayload(key, vera.contactId, passStep(Date.now()));
  });
  afterAll(() => stack.close());

  it('checks the member the pass names into the class open now, once', async () => {
    expect(await stack.scan(code)).toMatchObject({ outcome: 'checked_in', first_name: 'Vera', class_id: stack.seed.openClass.id });
    expect((await stack.serverRoster(stack.seed.openClass.id)).find((r) => r.contact_id === stack.seed.members.vera.contactId)?.status).toBe('checked_in');
  });

  it('refuses the same code again as used, and a forged one as a bad code, naming no one', async () => {
    expect(await stack.scan(code)).toMatchObject({ outcome: 'refused', reason: 'used', first_name: null });
    const forged = `GK1:${stack.seed.members.vera.contactId.toUpperCase()}:AAAAAAAAAAAAAAAA`;
    expect(await stack.scan(forged)).toMatchObject({ outcome: 'refused', reason: 'bad_code', first_name: null });
  });
});
