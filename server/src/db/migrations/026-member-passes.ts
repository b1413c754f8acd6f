import type { Migration } from './migrate.js';

/**
 * `member_passes`: a member's phone pass (docs/phone-pass.md), made when the member's app first
 * fetches its key. `generation` counts the times staff revoked the member's passes: it is mixed into
 * the member's key and carried to the doors with the feed, so an earlier key stops opening them.
 * `opened_at`: when the member's app last fetched its key (what staff see on the member's page).
 */
export const memberPasses: Migration = {
  name: '026-member-passes',
  async up(tx, db) {
    await tx.run(
      db.qb.schema
        .createTable('member_passes')
        .addColumn('contact_id', 'text', (c) => c.primaryKey().references('contacts.id'))
        .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
        .addColumn('generation', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('opened_at', 'text')
        .addColumn('revoked_at', 'text'),
    );
  },
};
