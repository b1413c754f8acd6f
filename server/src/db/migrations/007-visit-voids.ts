import type { Migration } from './migrate.js';

/**
 * A visit whose door never opened (the agent's relay failed after the check-in) is voided, not
 * deleted: it stays for the audit trail, but no longer counts against a visit limit or a pack's
 * credits, and visit lists leave it out (issue 14, 4a).
 */
export const visitVoids: Migration = {
  name: '007-visit-voids',
  async up(tx, db) {
    await tx.run(db.qb.schema.alterTable('visits').addColumn('voided_at', 'text'));
    await tx.run(db.qb.schema.alterTable('visits').addColumn('void_reason', 'text'));
  },
};
