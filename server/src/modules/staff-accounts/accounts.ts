import { randomUUID } from 'node:crypto';
import { ApiError } from '@studio/shared';
import type { Actor } from '../../domain/actor.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { Db, Queryable } from '../../db/types.js';
import { toIso } from '../../clock/time.js';
import { recordAudit } from './audit.js';
import { cleanDisplayName } from './display-names.js';
import { mintPasswordLink, type MintedPasswordLink } from './password-links.js';
import { checkPasswordStrength } from './password-strength.js';
import { hashPassword, noPasswordYet } from './passwords.js';
import { assertMayManage, managingRole, staffRoles, type AccountRow, type StaffRole } from './roles.js';
import { revokeAccountSessions } from './sessions.js';
import type { StaffAuthSettings } from './settings.js';

export type StaffAccount = Omit<AccountRow, 'password_hash' | 'location_ids' | 'language'> & { location_ids: string[] | null };

export interface AccountAccess {
  role: StaffRole;
  /** Required for a manager or the front desk; an owner works at every location. */
  locationIds?: string[] | undefined;
}

export interface AccountInput extends AccountAccess {
  email: string;
  displayName: string;
  /**
   * A password chosen already: for fixtures and tests. The web app never sends one: an account is
   * invited (`inviteAccount`), and its person chooses their own.
   */
  password: string;
}

const columns = ['id', 'company_id', 'email', 'display_name', 'role', 'location_ids', 'created_at', 'disabled_at'] as const;

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

function checkEmail(email: string): string {
  const normalised = normaliseEmail(email);
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(normalised) || normalised.length > 254) throw new ApiError('invalid_param', 'Not an email address.', { param: 'email' });
  return normalised;
}

function toAccount(row: Omit<AccountRow, 'password_hash' | 'language'>): StaffAccount {
  return { ...row, location_ids: row.location_ids === null ? null : (JSON.parse(row.location_ids) as string[]) };
}

/** The locations an account of this role gets: null for an owner; else one or more of the company's (checked). */
async function accessLocations(db: Db, sql: Queryable, companyId: string, access: AccountAccess): Promise<string[] | null> {
  if (!staffRoles.includes(access.role)) throw new ApiError('invalid_param', `role must be one of ${staffRoles.join(', ')}.`, { param: 'role' });
  if (access.role === 'owner') return null;
  const ids = [...new Set(access.locationIds ?? [])];
  if (ids.length === 0) throw new ApiError('invalid_param', 'A manager or front-desk account needs at least one location.', { param: 'location_ids' });
  const found = await sql.all(db.qb.selectFrom('locations').select('id').where('company_id', '=', companyId).where('id', 'in', ids));
  const missing = ids.filter((id) => !found.some((row) => row.id === id));
  if (missing.length) throw new ApiError('resource_missing', `No such location: ${missing.join(', ')}.`, { param: 'location_ids' });
  return ids;
}

/**
 * Ends every setup link of the company still live: a link whose owner exists must not make a second
 * one (issue 30, N1), and a fresh link replaces the one before. An ended link expires now (it stays
 * for the audit). Answers how many were ended.
 */
export async function endSetupLinks(db: Db, sql: Queryable, companyId: string, now: string): Promise<number> {
  return sql.run(db.qb.updateTable('staff_setup_tokens').set({ expires_at: now }).where('company_id', '=', companyId).where('used_at', 'is', null).where('expires_at', '>', now));
}

/** Inserts an account and its audit entry in `sql`'s transaction; the email taken is `email_taken`. An owner ends the setup links. */
export async function insertAccount(
  db: Db,
  sql: Queryable,
  settings: StaffAuthSettings,
  actor: Actor,
  input: Omit<AccountInput, 'password'> & { passwordHash: string; action: 'owner_created' | 'account_created' },
): Promise<StaffAccount> {
  const email = checkEmail(input.email);
  const displayName = cleanDisplayName(input.displayName);
  const locationIds = await accessLocations(db, sql, actor.companyId, input);
  const row = {
    id: randomUUID(),
    company_id: actor.companyId,
    email,
    display_name: displayName,
    role: input.role,
    location_ids: locationIds === null ? null : JSON.stringify(locationIds),
    created_at: toIso(settings.clock()),
    disabled_at: null,
  };
  const taken = await sql.first(db.qb.selectFrom('staff_accounts').select('id').where('company_id', '=', actor.companyId).where('email', '=', email));
  if (taken) throw new ApiError('email_taken', 'Another staff account of the studio has this email.', { param: 'email' });
  try {
    await sql.run(db.qb.insertInto('staff_accounts').values({ ...row, password_hash: input.passwordHash }));
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError('email_taken', 'Another staff account of the studio has this email.', { param: 'email' });
    throw error;
  }
  await recordAudit(db, sql, actor, { action: input.action, targetAccountId: row.id, details: { email, role: input.role, location_ids: locationIds } }, settings.clock);
  if (input.role === 'owner') await endSetupLinks(db, sql, actor.companyId, row.created_at);
  return toAccount(row);
}

/** Creates an account with a password chosen already (fixtures): owners any, managers front-desk ones at their own locations, the front desk none. */
export async function createAccount(db: Db, settings: StaffAuthSettings, actor: Actor, input: AccountInput): Promise<StaffAccount> {
  assertMayManage(actor, input.role, input.role === 'owner' ? null : (input.locationIds ?? []));
  checkPasswordStrength(input.password, [input.email, input.displayName]);
  const hash = await hashPassword(input.password, settings.passwordCost);
  const { password: _password, ...fields } = input;
  return db.transaction((sql) => insertAccount(db, sql, settings, actor, { ...fields, passwordHash: hash, action: 'account_created' }));
}

/**
 * Invites a staff member: an account with no password yet, and a one-time link (72 hours) its
 * person sets their own password with, which the inviter hands over. Nobody but that person ever
 * knows the password. The same rights as `createAccount`.
 */
export async function inviteAccount(db: Db, settings: StaffAuthSettings, actor: Actor, input: Omit<AccountInput, 'password'>): Promise<StaffAccount & { passwordLink: MintedPasswordLink }> {
  assertMayManage(actor, input.role, input.role === 'owner' ? null : (input.locationIds ?? []));
  return db.transaction(async (sql) => {
    const account = await insertAccount(db, sql, settings, actor, { ...input, passwordHash: noPasswordYet, action: 'account_created' });
    return { ...account, passwordLink: await mintPasswordLink(db, sql, settings, actor, account, 'invitation') };
  });
}

/**
 * A reset link for an account the actor manages (an owner any, a manager front-desk accounts at
 * its locations, so never an owner's): it ends any link before it, and using it sets a new
 * password and ends the account's sessions. The password stays as it is until then.
 */
export async function resetPasswordLink(db: Db, settings: StaffAuthSettings, actor: Actor, id: string): Promise<MintedPasswordLink> {
  return db.transaction(async (sql) => {
    const account = await getAccount(db, sql, actor, id);
    assertMayManage(actor, account.role, account.location_ids);
    if (account.disabled_at !== null) throw new ApiError('invalid_param', 'This account is disabled: a password link would not work for it.', { param: 'id' });
    return mintPasswordLink(db, sql, settings, actor, account, 'reset');
  });
}

/** One account of the actor's company; another company's is 404. */
export async function getAccount(db: Db, sql: Queryable, actor: Actor, id: string): Promise<StaffAccount> {
  const row = await sql.first(db.qb.selectFrom('staff_accounts').select(columns).where('id', '=', id).where('company_id', '=', actor.companyId));
  if (!row) throw new ApiError('resource_missing', `No staff account ${id}.`, { param: 'id' });
  return toAccount(row);
}

/** The accounts an owner (all) or a manager (those working at one of its locations) looks after; the front desk sees none. */
export async function listAccounts(db: Db, actor: Actor): Promise<StaffAccount[]> {
  if (managingRole(actor) === 'front_desk') throw new ApiError('role_not_allowed', 'The front desk may not see the staff accounts; ask a manager or an owner.');
  const rows = await db.all(db.qb.selectFrom('staff_accounts').select(columns).where('company_id', '=', actor.companyId).orderBy('display_name').orderBy('id'));
  const accounts = rows.map(toAccount);
  if (actor.locationIds === null) return accounts;
  return accounts.filter((account) => account.location_ids !== null && account.location_ids.some((id) => actor.locationIds!.includes(id)));
}

/** Refuses leaving the company without an active owner: nobody could manage accounts any more. */
async function assertAnotherOwner(db: Db, sql: Queryable, companyId: string, accountId: string): Promise<void> {
  const others = await sql.all(
    db.qb.selectFrom('staff_accounts').select('id').where('company_id', '=', companyId).where('role', '=', 'owner').where('disabled_at', 'is', null).where('id', '!=', accountId),
  );
  if (others.length === 0) throw new ApiError('role_not_allowed', 'The studio needs at least one active owner: make another owner first.', { param: 'id' });
}

/** Disables an account and ends its sessions at once; it can no longer sign in. Disabling twice is a no-op. */
export async function disableAccount(db: Db, settings: StaffAuthSettings, actor: Actor, id: string): Promise<StaffAccount> {
  return db.transaction(async (sql) => {
    const account = await getAccount(db, sql, actor, id);
    assertMayManage(actor, account.role, account.location_ids);
    if (account.disabled_at !== null) return account;
    if (account.role === 'owner') await assertAnotherOwner(db, sql, actor.companyId, id);
    const at = toIso(settings.clock());
    await sql.run(db.qb.updateTable('staff_accounts').set({ disabled_at: at }).where('id', '=', id));
    const ended = await revokeAccountSessions(db, sql, settings, id);
    await recordAudit(db, sql, actor, { action: 'account_disabled', targetAccountId: id, details: { sessions_ended: ended } }, settings.clock);
    return { ...account, disabled_at: at };
  });
}

/** Changes an account's role and locations; both the old and the new must be the actor's to manage. */
export async function changeAccess(db: Db, settings: StaffAuthSettings, actor: Actor, id: string, access: AccountAccess): Promise<StaffAccount> {
  return db.transaction(async (sql) => {
    const account = await getAccount(db, sql, actor, id);
    assertMayManage(actor, account.role, account.location_ids);
    assertMayManage(actor, access.role, access.role === 'owner' ? null : (access.locationIds ?? []));
    const locationIds = await accessLocations(db, sql, actor.companyId, access);
    if (account.role === 'owner' && access.role !== 'owner') await assertAnotherOwner(db, sql, actor.companyId, id);
    await sql.run(
      db.qb
        .updateTable('staff_accounts')
        .set({ role: access.role, location_ids: locationIds === null ? null : JSON.stringify(locationIds) })
        .where('id', '=', id),
    );
    const details = { from: { role: account.role, location_ids: account.location_ids }, to: { role: access.role, location_ids: locationIds } };
    await recordAudit(db, sql, actor, { action: 'access_changed', targetAccountId: id, details }, settings.clock);
    if (access.role === 'owner' && account.disabled_at === null) await endSetupLinks(db, sql, actor.companyId, toIso(settings.clock()));
    return { ...account, role: access.role, location_ids: locationIds };
  });
}
