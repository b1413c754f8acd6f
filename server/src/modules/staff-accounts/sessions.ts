import { randomUUID } from 'node:crypto';
import { ApiError } from '@studio/shared';
import type { Actor } from '../../domain/actor.js';
import type { Db, Queryable } from '../../db/types.js';
import { toIso } from '../../clock/time.js';
import { hashSecret, mintSecret } from './secrets.js';
import { staffActor, type AccountRow } from './roles.js';
import type { StaffAuthSettings } from './settings.js';

/** Where a session was opened from, for the account's list of its sessions. */
export interface SessionOrigin {
  userAgent?: string | undefined;
  address?: string | undefined;
}

export interface OpenedSession {
  /** The only copy: the web layer puts it in a cookie; the database keeps its hash. */
  token: string;
  sessionId: string;
  expiresAt: string;
}

/** A signed-in staff member as a request sees it. */
export interface StaffSession {
  sessionId: string;
  account: Pick<AccountRow, 'id' | 'company_id' | 'email' | 'display_name' | 'role' | 'location_ids'>;
  actor: Actor;
  expiresAt: string;
}

/** A last-seen time younger than this is not rewritten: a busy page does not write on every request. */
const touchEveryMs = 60_000;

function expiry(settings: StaffAuthSettings, createdAt: number, now: number): number {
  return Math.min(now + settings.idleTimeoutMs, createdAt + settings.maxAgeMs);
}

export async function openSession(db: Db, sql: Queryable, settings: StaffAuthSettings, accountId: string, origin: SessionOrigin): Promise<OpenedSession> {
  const now = settings.clock();
  const { secret, hash } = mintSecret();
  const row = {
    id: randomUUID(),
    account_id: accountId,
    token_hash: hash,
    created_at: toIso(now),
    last_seen_at: toIso(now),
    expires_at: toIso(expiry(settings, now, now)),
    user_agent: origin.userAgent?.slice(0, 300) ?? null,
    address: origin.address ?? null,
    revoked_at: null,
  };
  await sql.run(db.qb.insertInto('staff_sessions').values(row));
  return { token: secret, sessionId: row.id, expiresAt: row.expires_at };
}

const noSession = () => new ApiError('invalid_session', 'You are signed out; sign in again.');

/**
 * The signed-in staff member a session token stands for, with the actor services take; each use
 * pushes the idle expiry back, never past the session's maximum age. A token unknown, expired,
 * signed out, or of a disabled account is `invalid_session`. The role and locations are read
 * afresh each time, so a change by an owner applies from the next request.
 */
export async function sessionFromToken(db: Db, settings: StaffAuthSettings, token: string, options: { touch?: boolean } = {}): Promise<StaffSession> {
  const now = settings.clock();
  const row = await db.first(
    db.qb
      .selectFrom('staff_sessions')
      .innerJoin('staff_accounts', 'staff_accounts.id', 'staff_sessions.account_id')
      .select([
        'staff_sessions.id as session_id',
        'staff_sessions.created_at as session_created_at',
        'staff_sessions.last_seen_at',
        'staff_sessions.expires_at',
        'staff_sessions.revoked_at',
        'staff_accounts.id',
        'staff_accounts.company_id',
        'staff_accounts.email',
        'staff_accounts.display_name',
        'staff_accounts.role',
        'staff_accounts.location_ids',
        'staff_accounts.disabled_at',
      ])
      .where('staff_sessions.token_hash', '=', hashSecret(token)),
  );
  if (!row || row.revoked_at !== null || row.disabled_at !== null || Date.parse(row.expires_at) <= now) throw noSession();
  let expiresAt = row.expires_at;
  // `touch: false` is a check that is no use (an open stream asking whether it may go on): it pushes nothing back.
  if (options.touch !== false && now - Date.parse(row.last_seen_at) >= touchEveryMs) {
    expiresAt = toIso(expiry(settings, Date.parse(row.session_created_at), now));
    await db.run(
      db.qb
        .updateTable('staff_sessions')
        .set({ last_seen_at: toIso(now), expires_at: expiresAt })
        .where('id', '=', row.session_id)
        .where('revoked_at', 'is', null),
    );
  }
  const account = { id: row.id, company_id: row.company_id, email: row.email, display_name: row.display_name, role: row.role, location_ids: row.location_ids };
  return { sessionId: row.session_id, account, actor: staffActor(account), expiresAt };
}

/** Ends this session only; signing out twice is harmless. */
export async function signOut(db: Db, settings: StaffAuthSettings, token: string): Promise<void> {
  await db.run(
    db.qb
      .updateTable('staff_sessions')
      .set({ revoked_at: toIso(settings.clock()) })
      .where('token_hash', '=', hashSecret(token))
      .where('revoked_at', 'is', null),
  );
}

/** Ends every open session of the account (this one too); answers how many were open. */
export async function revokeAccountSessions(db: Db, sql: Queryable, settings: StaffAuthSettings, accountId: string): Promise<number> {
  return sql.run(
    db.qb
      .updateTable('staff_sessions')
      .set({ revoked_at: toIso(settings.clock()) })
      .where('account_id', '=', accountId)
      .where('revoked_at', 'is', null),
  );
}

/** The account's sessions still open, newest first, for "signed in on these devices". */
export function openSessions(db: Db, settings: StaffAuthSettings, accountId: string) {
  return db.all(
    db.qb
      .selectFrom('staff_sessions')
      .select(['id', 'created_at', 'last_seen_at', 'expires_at', 'user_agent', 'address'])
      .where('account_id', '=', accountId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', toIso(settings.clock()))
      .orderBy('created_at', 'desc'),
  );
}
