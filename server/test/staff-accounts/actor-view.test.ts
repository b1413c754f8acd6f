import { describe, expect, it } from 'vitest';
import { actorFromAuth, memberActor, systemActor, type Actor } from '../../src/domain/actor.js';
import { actorView, storedActor } from '../../src/modules/staff-accounts/actor-view.js';

const company = '11111111-1111-4111-8111-111111111111';
const ana = '22222222-2222-4222-8222-222222222222';
const key = '33333333-3333-4333-8333-333333333333';
const names = new Map([[ana, 'Ana']]);
const staff = (role: string): Actor => ({ companyId: company, environment: 'live', identity: { kind: 'staff_user', staffUserId: ana, role }, scopes: [], locationIds: null });
/** What the audit log and the override list answer for an actor, through the columns they store. */
const roundTrip = (actor: Actor) => actorView(storedActor(actor), names);

describe('who acted, by kind (the staff audit log and the check-in overrides)', () => {
  it('names an account by its display name now and the role it acted in, and null once the account is gone', () => {
    expect(roundTrip(staff('front_desk'))).toEqual({ kind: 'account', account_id: ana, name: 'Ana', role: 'front_desk' });
    expect(actorView(storedActor(staff('owner')), new Map())).toEqual({ kind: 'account', account_id: ana, name: null, role: 'owner' });
    expect(roundTrip(staff('trainer'))).toEqual({ kind: 'account', account_id: ana, name: 'Ana', role: null });
  });

  it("gives the business's own ways in a kind each, and a device or a key its id", () => {
    expect(roundTrip(systemActor(company, 'owner setup link'))).toEqual({ kind: 'setup_link' });
    expect(roundTrip(systemActor(company, 'password link'))).toEqual({ kind: 'password_link' });
    expect(roundTrip(systemActor(company, 'studio CLI'))).toEqual({ kind: 'command_line' });
    expect(roundTrip(systemActor(company, 'waitlist offer sweep'))).toEqual({ kind: 'system', name: 'waitlist offer sweep' });
    const grant = { keyId: key, companyId: company, environment: 'live' as const, scopes: [], locationIds: null };
    expect(roundTrip(actorFromAuth(grant))).toEqual({ kind: 'api_key', key_id: key });
    expect(roundTrip(actorFromAuth({ ...grant, device: { id: 'front-door', kind: 'turnstile' } }))).toEqual({ kind: 'device', device_id: 'front-door' });
    expect(roundTrip(memberActor(company, ana, key))).toEqual({ kind: 'member', contact_id: ana });
  });

  it('reads the overrides stored before, "Ana (front desk)", with the name they recorded once the account is gone', () => {
    expect(actorView({ actor_account_id: ana, actor_name: 'Anna (front desk)' }, names)).toEqual({ kind: 'account', account_id: ana, name: 'Ana', role: 'front_desk' });
    expect(actorView({ actor_account_id: ana, actor_name: 'Dee (weekends) (manager)' }, new Map())).toEqual({ kind: 'account', account_id: ana, name: 'Dee (weekends)', role: 'manager' });
    expect(actorView({ actor_account_id: ana, actor_name: 'front desk' }, new Map())).toEqual({ kind: 'account', account_id: ana, name: null, role: 'front_desk' });
    expect(actorView({ actor_account_id: ana, actor_name: 'Dee (weekends)' }, new Map())).toEqual({ kind: 'account', account_id: ana, name: null, role: null });
  });
});
