import { StaffRole, type ActorView } from '@studio/shared/web-app';
import type { Actor } from '../../domain/actor.js';
import type { Db } from '../../db/types.js';

/**
 * Who acted, as the staff audit log and the check-in overrides store it: the account (if a staff
 * account acted) and a name. For an account the name is its role ("front_desk"); the overrides
 * before this stored "Ana (front desk)" or just "front desk", which still reads. Otherwise the
 * name is the system actor's ("studio CLI", "owner setup link", "password link"), "device <id>",
 * "member <contact id>" or "api key <id>".
 */
export interface StoredActor {
  actor_account_id: string | null;
  actor_name: string;
}

/** The columns an actor is stored as; the web app words them (ActorView), the server never does. */
export function storedActor(actor: Actor): StoredActor {
  if (actor.identity.kind === 'staff_user') return { actor_account_id: actor.identity.staffUserId, actor_name: actor.identity.role };
  if (actor.identity.kind === 'system') return { actor_account_id: null, actor_name: actor.identity.name };
  if (actor.identity.kind === 'device') return { actor_account_id: null, actor_name: `device ${actor.identity.deviceId}` };
  if (actor.identity.kind === 'member') return { actor_account_id: null, actor_name: `member ${actor.identity.contactId}` };
  return { actor_account_id: null, actor_name: `api key ${actor.identity.keyId}` };
}

/** The system actors with a kind of their own (domain/actor.ts `systemActor` names). */
const systemKinds: Record<string, 'setup_link' | 'password_link' | 'command_line'> = {
  'owner setup link': 'setup_link',
  'password link': 'password_link',
  'studio CLI': 'command_line',
};

/** A role as stored: its code ("front_desk"), or the words an older override wrote ("front desk"). */
function roleOf(stored: string): StaffRole | null {
  const role = StaffRole.safeParse(stored.trim().replaceAll(' ', '_'));
  return role.success ? role.data : null;
}

/** The role and name of an account's stored actor_name: "front_desk", or an older override's "Ana (front desk)". */
function accountParts(actorName: string): { role: StaffRole | null; name: string | null } {
  const direct = roleOf(actorName);
  if (direct !== null) return { role: direct, name: null };
  const worded = /^(.*) \(([a-z _]+)\)$/.exec(actorName);
  const role = worded ? roleOf(worded[2]!) : null;
  return role === null ? { role: null, name: null } : { role, name: worded![1]! };
}

/**
 * Who acted, by kind: an account by its display name now (`names`, the company's accounts by id),
 * else the name an older row recorded, else null (the account is gone).
 */
export function actorView(stored: StoredActor, names: ReadonlyMap<string, string>): ActorView {
  if (stored.actor_account_id !== null) {
    const { role, name } = accountParts(stored.actor_name);
    return { kind: 'account', account_id: stored.actor_account_id, name: names.get(stored.actor_account_id) ?? name, role };
  }
  const kind = systemKinds[stored.actor_name];
  if (kind !== undefined) return { kind };
  if (stored.actor_name.startsWith('device ')) return { kind: 'device', device_id: stored.actor_name.slice('device '.length) };
  if (stored.actor_name.startsWith('api key ')) return { kind: 'api_key', key_id: stored.actor_name.slice('api key '.length) };
  if (stored.actor_name.startsWith('member ')) return { kind: 'member', contact_id: stored.actor_name.slice('member '.length) };
  return { kind: 'system', name: stored.actor_name };
}

/** The company's staff accounts' display names by id, disabled ones too: what `actorView` names accounts by. */
export async function accountNames(db: Db, companyId: string): Promise<Map<string, string>> {
  const rows = await db.all(db.qb.selectFrom('staff_accounts').select(['id', 'display_name']).where('company_id', '=', companyId));
  return new Map(rows.map((row) => [row.id, row.display_name]));
}
