import { contracts } from '@studio/shared/contracts';
import { ApiError } from '@studio/shared';
import { created, implement, ok } from '../http/route.js';
import { changeAccess, disableAccount, inviteAccount, listAccounts, resetPasswordLink, type StaffAccount } from '../modules/staff-accounts/accounts.js';
import type { MintedPasswordLink } from '../modules/staff-accounts/password-links.js';
import { auditLog } from '../modules/staff-accounts/audit.js';
import { accountNames, actorView } from '../modules/staff-accounts/actor-view.js';
import { managingRole } from '../modules/staff-accounts/roles.js';
import type { Db } from '../db/types.js';
import type { Actor } from '../domain/actor.js';
import { webOf } from './auth-routes.js';

function view({ company_id: _company, ...account }: StaffAccount) {
  return account;
}

/**
 * The audit log an actor may read: an owner all of it; a manager the entries about the accounts it
 * looks after or made by itself; the front desk none (listAccounts refuses it).
 */
async function visibleAudit(db: Db, actor: Actor) {
  const accounts = await listAccounts(db, actor);
  const entries = await auditLog(db, actor.companyId, 200);
  const names = await accountNames(db, actor.companyId);
  const own = actor.identity.kind === 'staff_user' ? actor.identity.staffUserId : null;
  const managed = new Set(accounts.map((account) => account.id));
  const visible = managingRole(actor) === 'owner' ? entries : entries.filter((entry) => entry.actor_account_id === own || (entry.target_account_id !== null && managed.has(entry.target_account_id)));
  return visible.slice(0, 100).map((entry) => ({
    id: entry.id,
    at: entry.at,
    actor: actorView(entry, names),
    action: entry.action,
    target: entry.target_account_id === null ? null : (names.get(entry.target_account_id) ?? null),
    details: entry.details === null ? null : (JSON.parse(entry.details) as Record<string, unknown>),
  }));
}

function linkView(link: MintedPasswordLink) {
  return { url: link.url, expires_at: link.expiresAt };
}

function locationIds(ids: string[] | null): string[] | undefined {
  return ids ?? undefined;
}

export const accountRoutes = [
  implement(contracts.webListAccounts, async ({ db, actor }) => ok({ data: (await listAccounts(db, actor)).map(view) })),
  implement(contracts.webCreateAccount, async (ctx) => {
    const { db, actor, body } = ctx;
    const input = { email: body.email, displayName: body.display_name, role: body.role, locationIds: locationIds(body.location_ids) };
    const { passwordLink, ...account } = await inviteAccount(db, webOf(ctx).settings, actor, input);
    return created({ ...view(account), password_link: linkView(passwordLink) });
  }),
  implement(contracts.webChangeAccountAccess, async (ctx) => {
    const { db, actor, params, body } = ctx;
    return ok(view(await changeAccess(db, webOf(ctx).settings, actor, params.id, { role: body.role, locationIds: locationIds(body.location_ids) })));
  }),
  implement(contracts.webDisableAccount, async (ctx) => {
    const { db, actor, params } = ctx;
    if (actor.identity.kind === 'staff_user' && actor.identity.staffUserId === params.id) {
      // Disabling oneself would sign the person out with nobody to undo it from this page.
      throw new ApiError('role_not_allowed', 'You cannot disable your own account; ask another owner.', { param: 'id' });
    }
    return ok(view(await disableAccount(db, webOf(ctx).settings, actor, params.id)));
  }),
  implement(contracts.webResetPasswordLink, async (ctx) => created(linkView(await resetPasswordLink(ctx.db, webOf(ctx).settings, ctx.actor, ctx.params.id)))),
  implement(contracts.webAuditLog, async ({ db, actor }) => ok({ data: await visibleAudit(db, actor) })),
];
