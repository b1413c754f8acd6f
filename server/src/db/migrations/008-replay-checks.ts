import type { Migration } from './migrate.js';

/**
 * What a stored idempotent answer depended on the key being allowed (its locations, the contacts
 * within its reach, a scope its answer reads), as JSON: a replay to another key of the company
 * checks them again before answering (plugins/idempotency.ts). Null on rows stored before.
 */
export const replayChecks: Migration = {
  name: '008-replay-checks',
  async up(tx, db) {
    await tx.run(db.qb.schema.alterTable('idempotency_keys').addColumn('access_checks', 'text'));
  },
};
