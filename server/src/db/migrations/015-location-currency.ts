import type { Migration } from './migrate.js';

/**
 * A location's currency (ISO 4217), chosen on the setup screens. Null for a location made before:
 * its country's usual currency applies (web/session-view.ts `currencyOf`), as it did until now.
 */
export const locationCurrency: Migration = {
  name: '015-location-currency',
  async up(tx, db) {
    await tx.run(db.qb.schema.alterTable('locations').addColumn('currency', 'text'));
  },
};
