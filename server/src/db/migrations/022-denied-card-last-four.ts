import type { Migration } from './migrate.js';

/**
 * `checkin_denials.last_four`: the last four characters of an identifier no member holds, so the
 * desk's Today can say which unknown card was refused ("Unknown card ending 0777") without the
 * number itself, which is kept only as its keyed hash. Null for every other refusal.
 */
export const deniedCardLastFour: Migration = {
  name: '022-denied-card-last-four',
  async up(tx, db) {
    await tx.run(db.qb.schema.alterTable('checkin_denials').addColumn('last_four', 'text'));
  },
};
