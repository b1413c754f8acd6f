import type { Migration } from './migrate.js';

/**
 * Each staff account's own language for the web app (`en`, `es`, `de`); null follows the language
 * of the location the person is working at.
 */
export const staffLanguage: Migration = {
  name: '020-staff-language',
  async up(tx, db) {
    await tx.run(db.qb.schema.alterTable('staff_accounts').addColumn('language', 'text'));
  },
};
