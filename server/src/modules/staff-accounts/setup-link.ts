import { randomUUID } from 'node:crypto';
import { ApiError } from '@studio/shared';
import { systemActor } from '../../domain/actor.js';
import type { Db } from '../../db/types.js';
import { toIso } from '../../clock/time.js';
import { insertAccount, type StaffAccount } from './accounts.js';
import { recordAudit } from './audit.js';
import { checkPasswordRule, hashPassword } from './passwords.js';
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
 * server's command, as the business.
 */
export async function mintSetupLink(db: Db, settings: StaffAuthSettings, companyId: string): Promise<SetupLink> {
  const company = await db.first(db.qb.selectFrom('companies').select('id').where('id', '=', companyId));
  if (!company) throw new ApiError('resource_missing', `No company ${companyId}.`, { param: 'company' });
  const now = settings.clock();
  const { secret, hash } = mintSecret();
  const expiresAt = toIso(now + settings.setupLinkValidityMs);
  await db.transaction(async (sql) => {
    await sql.run(db.qb.insertInto('staff_setup_tokens').values({ id: randomUUID(), company_id: companyId, token_hash: hash, created_at: toIso(now), expires_at: expiresAt, used_at: null }));
    await recordAudit(db, sql, systemActor(companyId, 'studio CLI'), { action: 'setup_link_minted', targetAccountId: null, details: { expires_at: expiresAt } }, settings.clock);
  });
  return { token: secret, expiresAt };
}

export interface OwnerInput {
  token: string;
  email: string;
  displayName: string;
  password: string;
}

/**
 * Creates an owner from a setup link. The link is spent in the same transaction as the account is
 * made, so it works once; unknown, spent or expired is `setup_link_invalid`. A password breaking
 * the rule is refused before the link is spent.
 */
export async function createOwnerFromLink(db: Db, settings: StaffAuthSettings, input: OwnerInput): Promise<StaffAccount> {
  checkPasswordRule(input.password);
  const passwordHash = await hashPassword(input.password, settings.passwordCost);
  const now = toIso(settings.clock());
  return db.transaction(async (sql) => {
    const link = await sql.first(db.qb.selectFrom('staff_setup_tokens').select(['id', 'company_id']).where('token_hash', '=', hashSecret(input.token)));
    const spent = link ? await sql.run(db.qb.updateTable('staff_setup_tokens').set({ used_at: now }).where('id', '=', link.id).where('used_at', 'is', null).where('expires_at', '>', now)) : 0;
    if (!link || spent !== 1) throw new ApiError('setup_link_invalid', 'This setup link is unknown, already used or expired; ask whoever runs the server for a new one.', { param: 'token' });
    const business = systemActor(link.company_id, 'owner setup link');
    return insertAccount(db, sql, settings, business, { email: input.email, displayName: input.displayName, role: 'owner', passwordHash, action: 'owner_created' });
  });
}
