import { randomUUID } from 'node:crypto';
import { ApiError } from '@studio/shared';
import { systemActor } from '../../domain/actor.js';
import type { Db, Queryable } from '../../db/types.js';
import { toIso } from '../../clock/time.js';
import { endSetupLinks, insertAccount, type StaffAccount } from './accounts.js';
import { recordAudit } from './audit.js';
import { checkPasswordStrength } from './password-strength.js';
import { hashPassword } from './passwords.js';
import { hashSecret, mintSecret } from './secrets.js';
import type { StaffAuthSettings } from './settings.js';

export interface SetupLink {
  /** Shown once (in the link the command prints); only its hash is kept. */
  token: string;
  expiresAt: string;
}

/**
 * Mints a one-time link that creates an owner of the company: how a studio gets its first owner
 * (there is no default password), or a new one when every owner has lost access. Run by the
 * server's command, as the business. One link is live at a time: minting ends the ones before, so
 * a link printed earlier (a journal keeps every banner) is dead once a newer one is shown.
 */
export async function mintSetupLink(db: Db, settings: StaffAuthSettings, companyId: string): Promise<SetupLink> {
  const company = await db.first(db.qb.selectFrom('companies').select('id').where('id', '=', companyId));
  if (!company) throw new ApiError('resource_missing', `No company ${companyId}.`, { param: 'company' });
  const now = settings.clock();
  const { secret, hash } = mintSecret();
  const expiresAt = toIso(now + settings.setupLinkValidityMs);
  await db.transaction(async (sql) => {
    const ended = await endSetupLinks(db, sql, companyId, toIso(now));
    await sql.run(db.qb.insertInto('staff_setup_tokens').values({ id: randomUUID(), company_id: companyId, token_hash: hash, created_at: toIso(now), expires_at: expiresAt, used_at: null }));
    await recordAudit(
      db,
      sql,
      systemActor(companyId, 'studio CLI'),
      { action: 'setup_link_minted', targetAccountId: null, details: { expires_at: expiresAt, earlier_links_ended: ended } },
      settings.clock,
    );
  });
  return { token: secret, expiresAt };
}

export interface OwnerInput {
  token: string;
  email: string;
  displayName: string;
  password: string;
}

const invalidLink = () => new ApiError('setup_link_invalid', 'This setup link is unknown, already used or expired; ask whoever runs the server for a new one.', { param: 'token' });

/** The live link a token is, or null: unknown, spent, expired or ended by a newer link or an owner. */
async function liveLink(db: Db, sql: Queryable, token: string, now: string) {
  const link = await sql.first(
    db.qb.selectFrom('staff_setup_tokens').select(['id', 'company_id']).where('token_hash', '=', hashSecret(token)).where('used_at', 'is', null).where('expires_at', '>', now),
  );
  return link ?? null;
}

/**
 * Creates an owner from a setup link. The token is checked before anything costly: a wrong one
 * is refused at the price of one lookup, never a password hash (issue 30, N4: a hash costs 128 MiB
 * and a tenth of a second). The link is spent in the same transaction as the account is made, so
 * it works once; the owner then ends every other live link. Unknown, spent, ended or expired is
 * `setup_link_invalid`. A password too weak (422) is refused before the link is spent.
 */
export async function createOwnerFromLink(db: Db, settings: StaffAuthSettings, input: OwnerInput): Promise<StaffAccount> {
  if ((await liveLink(db, db, input.token, toIso(settings.clock()))) === null) throw invalidLink();
  checkPasswordStrength(input.password, [input.email, input.displayName]);
  const passwordHash = await hashPassword(input.password, settings.passwordCost);
  // The clock is read again: the hash took time, and the link may have expired or been spent meanwhile.
  const now = toIso(settings.clock());
  return db.transaction(async (sql) => {
    const link = await liveLink(db, sql, input.token, now);
    const spent = link ? await sql.run(db.qb.updateTable('staff_setup_tokens').set({ used_at: now }).where('id', '=', link.id).where('used_at', 'is', null).where('expires_at', '>', now)) : 0;
    if (!link || spent !== 1) throw invalidLink();
    const business = systemActor(link.company_id, 'owner setup link');
    return insertAccount(db, sql, settings, business, { email: input.email, displayName: input.displayName, role: 'owner', passwordHash, action: 'owner_created' });
  });
}
