import { randomUUID } from 'node:crypto';
import { toIso } from '../../src/clock/time.js';
import type { Db } from '../../src/db/types.js';
import { importFingerprint } from '../../src/modules/setup/import-fingerprint.js';
import type { Decision, Target } from './authorization-decisions.js';
import { password } from '../web/web-studio.js';

/** Import and export are the owner's alone, into and out of its own company, whatever the place asked about. */
const ownerOnly = (ok: string) => ({ owner: ok, manager: '403 role_not_allowed', desk: '403 role_not_allowed' });

/** A file adding a location of a fresh slug, so each case imports something new. */
const annex = () => ({ version: 1, locations: [{ ref: 'annex', name: 'Annex', slug: `annex-${randomUUID().slice(0, 8)}`, timezone: 'Europe/Dublin', country: 'IE' }] });

/** The owner's clean dry run of `file`, as the dry-run route records it, so the commit case has one to commit. */
async function dryRunByOwner(db: Db, t: Target, file: unknown): Promise<void> {
  const owner = await db.first(db.qb.selectFrom('staff_accounts').select(['id', 'company_id']).where('email', '=', 'olive@alder.example'));
  await db.run(
    db.qb.insertInto('staff_audit_log').values({
      id: randomUUID(),
      company_id: owner!.company_id,
      actor_account_id: owner!.id,
      actor_name: 'owner',
      action: 'import_dry_run',
      target_account_id: null,
      details: JSON.stringify({ sha256: importFingerprint(file), ok: true, problems: 0 }),
      at: toIso(t.clock()),
    }),
  );
}

/** The owner's import and export routes (web/import/routes.ts). */
export const importDecisions: Record<string, Decision> = {
  webImportDryRun: { request: () => ({ method: 'POST', url: '/app/api/import/dry-run', body: { password, file: annex() } }), expected: ownerOnly('200') },
  webImportCommit: {
    request: async (t, db) => {
      const file = annex();
      await dryRunByOwner(db, t, file);
      return { method: 'POST', url: '/app/api/import/commit', body: { password, file, sha256: importFingerprint(file) } };
    },
    expected: ownerOnly('201'),
  },
  webImportProgress: { request: () => ({ method: 'GET', url: '/app/api/import/progress' }), expected: ownerOnly('200') },
  webExport: { request: () => ({ method: 'POST', url: '/app/api/export', body: { password } }), expected: ownerOnly('200') },
};
