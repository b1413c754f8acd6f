import type { Fixture } from '@studio/testkit/server/fixture';
import { memberBuilder } from '@studio/testkit/server/members';
import type { Clock } from '../../../src/clock/time.js';
import { systemActor } from '../../../src/domain/actor.js';
import { createAccount } from '../../../src/modules/staff-accounts/accounts.js';
import { staffActor } from '../../../src/modules/staff-accounts/roles.js';
import { testSettings } from '../../staff-accounts/studio.js';

export const password = 'a long enough passphrase';

/** A clock fixed at `ms`: the services read it, never the machine's. */
export const clockAt =
  (ms: number): Clock =>
  () =>
    ms;

/**
 * A location of its own in `zone` (so other tests' rows never show), a second one, and staff of
 * each role: an owner, and a manager and a front desk of the first location only.
 */
export async function deskStudio(f: Fixture, zone = 'America/New_York') {
  const build = memberBuilder(f);
  const site = await build.location({}, zone);
  const elsewhere = await build.location({}, zone);
  const settings = testSettings(() => Date.parse('2031-01-01T00:00:00.000Z'));
  const business = systemActor(f.acme.id, 'test');
  const tag = site.slice(0, 8);
  const make = async (name: string, role: 'owner' | 'manager' | 'front_desk') => {
    const account = await createAccount(f.db, settings, business, {
      email: `${name}-${tag}@acme.example`,
      displayName: name,
      role,
      locationIds: role === 'owner' ? undefined : [site],
      password,
    });
    return staffActor({ ...account, location_ids: account.location_ids === null ? null : JSON.stringify(account.location_ids) });
  };
  return { build, site, elsewhere, business, owner: await make('Olive', 'owner'), manager: await make('Manon', 'manager'), desk: await make('Dara', 'front_desk') };
}

/** The code of the ApiError `work` rejects with, or null when it resolves. */
export async function refusal(work: Promise<unknown>): Promise<{ code: string; details?: Record<string, unknown>; message: string } | null> {
  try {
    await work;
    return null;
  } catch (error) {
    return error as { code: string; details?: Record<string, unknown>; message: string };
  }
}
