import { randomUUID, timingSafeEqual } from 'node:crypto';
import { ApiError } from '@studio/shared';
import { systemActor, type Actor } from '../../domain/actor.js';
import type { Db, Queryable } from '../../db/types.js';
import { toIso } from '../../clock/time.js';
import { recordAudit } from './audit.js';
import { checkPasswordStrength } from './password-strength.js';
import { hashPassword } from './passwords.js';
import { hashSecret, mintSecret } from './secrets.js';
import { revokeAccountSessions } from './sessions.js';
import type { StaffAuthSettings } from './settings.js';

export type PasswordLinkPurpose = 'invitation' | 'reset';

export interface MintedPasswordLink {
  /** `/app/password#<id>.<secret>`: below the server's address; the secret is in the fragment, which no browser sends. */
  url: string;
  expiresAt: string;
}

/** The web app's page that spends a password link; the caller prefixes the server's address. */
export function passwordLinkPath(id: string, secret: string): string {
  return `/app/password#${id}.${secret}`;
}

/**
 * Ends every live link of the account (they expire now and stay for the record): one link per
 * account works at a time, so a link handed over earlier is dead once a newer one exists.
 */
export async function endPasswordLinks(db: Db, sql: Queryable, accountId: string, now: string): Promise<number> {
  return sql.run(db.qb.updateTable('staff_password_links').set({ expires_at: now }).where('account_id', '=', accountId).where('used_at', 'is', null).where('expires_at', '>', now));
}

/**
 * Mints a one-time link for the account in `sql`'s transaction, ending the one before, and writes
 * who made it to the audit log. The account's rights are the caller's to check.
 */
export async function mintPasswordLink(
  db: Db,
  sql: Queryable,
  settings: StaffAuthSettings,
  actor: Actor,
  account: { id: string; company_id: string },
  purpose: PasswordLinkPurpose,
): Promise<MintedPasswordLink> {
  const now = settings.clock();
  const { secret, hash } = mintSecret();
  const id = randomUUID();
  const expiresAt = toIso(now + settings.passwordLinkValidityMs);
  const ended = await endPasswordLinks(db, sql, account.id, toIso(now));
  await sql.run(
    db.qb
      .insertInto('staff_password_links')
      .values({ id, company_id: account.company_id, account_id: account.id, purpose, token_hash: hash, created_at: toIso(now), expires_at: expiresAt, used_at: null }),
  );
  const action = purpose === 'invitation' ? 'password_invitation_minted' : 'password_reset_minted';
  await recordAudit(db, sql, actor, { action, targetAccountId: account.id, details: { expires_at: expiresAt, earlier_links_ended: ended } }, settings.clock);
  return { url: passwordLinkPath(id, secret), expiresAt };
}

const invalidLink = () =>
  new ApiError('password_link_invalid', 'This password link is unknown, already used, replaced by a newer one or expired; ask an owner or a manager for a new one.', { param: 'link' });

/** `<id>.<secret>` as the page sends it (a whole URL is taken too: only the part after `#` counts). */
function parseLink(link: string): { id: string; secret: string } {
  const fragment = link.includes('#') ? link.slice(link.indexOf('#') + 1) : link;
  const dot = fragment.indexOf('.');
  if (dot <= 0) throw invalidLink();
  return { id: fragment.slice(0, dot), secret: fragment.slice(dot + 1) };
}

/** The live link with its account, or null: unknown, wrong secret, spent, ended, expired, or the account disabled. */
async function liveLink(db: Db, sql: Queryable, link: { id: string; secret: string }, now: string) {
  const row = await sql.first(
    db.qb
      .selectFrom('staff_password_links')
      .innerJoin('staff_accounts', 'staff_accounts.id', 'staff_password_links.account_id')
      .select([
        'staff_password_links.id',
        'staff_password_links.purpose',
        'staff_password_links.token_hash',
        'staff_accounts.id as account_id',
        'staff_accounts.company_id',
        'staff_accounts.email',
        'staff_accounts.display_name',
        'staff_accounts.disabled_at',
      ])
      .where('staff_password_links.id', '=', link.id)
      .where('staff_password_links.used_at', 'is', null)
      .where('staff_password_links.expires_at', '>', now),
  );
  if (!row || row.disabled_at !== null) return null;
  // Found by its id, so the secret is compared here, in constant time.
  const sent = Buffer.from(hashSecret(link.secret), 'hex');
  const stored = Buffer.from(row.token_hash, 'hex');
  return sent.length === stored.length && timingSafeEqual(sent, stored) ? row : null;
}

/**
 * Sets the account's password from a link and answers the account's id, for the session the page
 * then opens. The link is checked before anything costly (a wrong one costs one lookup, never a
 * hash), the password's strength before the link is spent, and the link is spent in the
 * transaction that sets the password, so it works once. Every session of the account ends: after
 * a reset, whoever held the old password is signed out everywhere.
 */
export async function usePasswordLink(db: Db, settings: StaffAuthSettings, input: { link: string; password: string }): Promise<string> {
  const link = parseLink(input.link);
  const found = await liveLink(db, db, link, toIso(settings.clock()));
  if (!found) throw invalidLink();
  const company = await db.first(db.qb.selectFrom('companies').select('name').where('id', '=', found.company_id));
  checkPasswordStrength(input.password, [found.email, found.display_name, company?.name]);
  const passwordHash = await hashPassword(input.password, settings.passwordCost);
  // The clock is read again: the hash took time, and the link may have expired or been replaced meanwhile.
  const now = toIso(settings.clock());
  return db.transaction(async (sql) => {
    const live = await liveLink(db, sql, link, now);
    const spent = live ? await sql.run(db.qb.updateTable('staff_password_links').set({ used_at: now }).where('id', '=', live.id).where('used_at', 'is', null).where('expires_at', '>', now)) : 0;
    if (!live || spent !== 1) throw invalidLink();
    await sql.run(db.qb.updateTable('staff_accounts').set({ password_hash: passwordHash }).where('id', '=', live.account_id));
    const ended = await revokeAccountSessions(db, sql, settings, live.account_id);
    await recordAudit(
      db,
      sql,
      systemActor(live.company_id, 'password link'),
      { action: 'password_set_from_link', targetAccountId: live.account_id, details: { purpose: live.purpose, sessions_ended: ended } },
      settings.clock,
    );
    return live.account_id;
  });
}
