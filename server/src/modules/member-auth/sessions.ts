import { randomUUID } from 'node:crypto';
import { ApiError } from '@studio/shared';
import { toIso } from '../../clock/time.js';
import type { Db, Queryable } from '../../db/types.js';
import { memberActor, type Actor } from '../../domain/actor.js';
import { hashSecret, mintSecret } from '../staff-accounts/secrets.js';
import { deviceSummary } from './device-summary.js';
import type { MemberAuthSettings } from './settings.js';

/** A member's signed-in device as a request sees it: the actor the member services take. */
export interface MemberSession {
  sessionId: string;
  companyId: string;
  contactId: string;
  /** The location the member signed in at: the app's, whose language it speaks. */
  locationId: string;
  actor: Actor;
  expiresAt: string;
}

export interface OpenedMemberSession {
  /** The only copy: the cookie holds it, the database its hash. */
  token: string;
  sessionId: string;
  expiresAt: string;
}

/** A last-seen time younger than this is not rewritten. */
const touchEveryMs = 60_000;

function expiry(settings: MemberAuthSettings, createdAt: number, now: number): number {
  return Math.min(now + settings.sessionIdleMs, createdAt + settings.sessionMaxAgeMs);
}

export async function openMemberSession(
  db: Db,
  sql: Queryable,
  settings: MemberAuthSettings,
  member: { companyId: string; contactId: string; locationId: string; userAgent: string | undefined },
): Promise<OpenedMemberSession> {
  const now = settings.clock();
  const { secret, hash } = mintSecret();
  const id = randomUUID();
  const expiresAt = toIso(expiry(settings, now, now));
  await sql.run(
    db.qb.insertInto('member_sessions').values({
      id,
      company_id: member.companyId,
      contact_id: member.contactId,
      location_id: member.locationId,
      token_hash: hash,
      created_at: toIso(now),
      last_seen_at: toIso(now),
      expires_at: expiresAt,
      user_agent: deviceSummary(member.userAgent),
      ended_at: null,
      ended_by: null,
    }),
  );
  return { token: secret, sessionId: id, expiresAt };
}

export const memberSignedOut = () => new ApiError('invalid_session', 'You are signed out; sign in again with a code sent to your email.');

/**
 * The member a session token stands for; each use pushes the idle expiry back, never past the
 * maximum age. Unknown, expired or ended: `invalid_session`. A session whose contact is gone ends too.
 */
export async function memberSessionFromToken(db: Db, settings: MemberAuthSettings, token: string): Promise<MemberSession> {
  const now = settings.clock();
  const row = await db.first(
    db.qb
      .selectFrom('member_sessions as s')
      .innerJoin('contacts as c', (join) => join.onRef('c.id', '=', 's.contact_id').onRef('c.company_id', '=', 's.company_id'))
      .select(['s.id', 's.company_id', 's.contact_id', 's.location_id', 's.created_at', 's.last_seen_at', 's.expires_at', 's.ended_at'])
      .where('s.token_hash', '=', hashSecret(token)),
  );
  if (!row || row.ended_at !== null || Date.parse(row.expires_at) <= now) throw memberSignedOut();
  let expiresAt = row.expires_at;
  if (now - Date.parse(row.last_seen_at) >= touchEveryMs) {
    expiresAt = toIso(expiry(settings, Date.parse(row.created_at), now));
    await db.run(
      db.qb
        .updateTable('member_sessions')
        .set({ last_seen_at: toIso(now), expires_at: expiresAt })
        .where('id', '=', row.id)
        .where('ended_at', 'is', null),
    );
  }
  return { sessionId: row.id, companyId: row.company_id, contactId: row.contact_id, locationId: row.location_id, actor: memberActor(row.company_id, row.contact_id, row.id), expiresAt };
}

/** The contact's open sessions, newest first. */
export function openMemberSessions(db: Db, settings: MemberAuthSettings, companyId: string, contactId: string) {
  return db.all(
    db.qb
      .selectFrom('member_sessions')
      .select(['id', 'created_at', 'last_seen_at', 'user_agent'])
      .where('company_id', '=', companyId)
      .where('contact_id', '=', contactId)
      .where('ended_at', 'is', null)
      .where('expires_at', '>', toIso(settings.clock()))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc'),
  );
}

/**
 * Ends the contact's open session `sessionId`, or every open one when it is null; answers how many
 * ended. A session of another contact is never touched: the contact is part of the condition.
 */
export async function endMemberSessions(db: Db, settings: MemberAuthSettings, member: { companyId: string; contactId: string }, sessionId: string | null, by: 'member' | 'staff'): Promise<number> {
  const now = toIso(settings.clock());
  let update = db.qb
    .updateTable('member_sessions')
    .set({ ended_at: now, ended_by: by })
    .where('company_id', '=', member.companyId)
    .where('contact_id', '=', member.contactId)
    .where('ended_at', 'is', null)
    .where('expires_at', '>', now);
  if (sessionId !== null) update = update.where('id', '=', sessionId);
  return db.run(update);
}

/** Ends the session of this token, whoever's it is (signing out); twice is harmless. */
export async function endMemberSessionByToken(db: Db, settings: MemberAuthSettings, token: string): Promise<void> {
  await db.run(
    db.qb
      .updateTable('member_sessions')
      .set({ ended_at: toIso(settings.clock()), ended_by: 'member' })
      .where('token_hash', '=', hashSecret(token))
      .where('ended_at', 'is', null),
  );
}
