import type { Migration } from './migrate.js';

/**
 * `member_calendar_feeds`: a member's private calendar feed link (modules/member-auth/calendar-feed.ts),
 * one per contact: calendar apps read it without a cookie, so its random token is the whole
 * authorization. Only the token's SHA-256 is kept; renewing replaces the row, so the old link stops.
 */
export const memberCalendarFeeds: Migration = {
  name: '027-member-calendar-feeds',
  async up(tx, db) {
    await tx.run(
      db.qb.schema
        .createTable('member_calendar_feeds')
        .addColumn('contact_id', 'text', (c) => c.primaryKey().references('contacts.id'))
        .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
        .addColumn('location_id', 'text', (c) => c.notNull().references('locations.id'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', (c) => c.notNull()),
    );
  },
};
