import type { Migration } from './migrate.js';

/**
 * The staff web app's front desk (issue 17):
 * - `desk_scans`: a card read at a desk reader that no member holds, offered for enrolment for two
 *   minutes. `value` (the number as read) is needed to enrol it and is cleared by a sweep after ten
 *   minutes; the row stays, with the last four only, as Today's "unknown card" line.
 * - `checkin_overrides`: a refused check-in that an owner or manager let through, with who and why;
 *   the visit itself carries the flag `staff_override`.
 * - `api_keys.last_used_at`: when a key last authenticated, written at most once a minute per key.
 * - `visits_location_recorded`: Today's live stream polls each location for visits recorded since
 *   its last look (an offline visit synced now happened earlier, so `checked_in_at` would miss it).
 */
export const desk: Migration = {
  name: '012-desk',
  async up(tx, db) {
    const schema = db.qb.schema;
    await tx.run(
      schema
        .createTable('desk_scans')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
        .addColumn('location_id', 'text', (c) => c.notNull().references('locations.id'))
        .addColumn('device_id', 'text', (c) => c.notNull())
        .addColumn('scanned_at', 'text', (c) => c.notNull())
        .addColumn('value', 'text')
        .addColumn('format', 'text', (c) => c.notNull())
        .addColumn('last_four', 'text', (c) => c.notNull())
        .addColumn('claimed_at', 'text'),
    );
    await tx.run(schema.createIndex('desk_scans_location_time').on('desk_scans').columns(['location_id', 'scanned_at', 'id']));
    await tx.run(
      schema
        .createTable('checkin_overrides')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
        .addColumn('location_id', 'text', (c) => c.notNull().references('locations.id'))
        .addColumn('visit_id', 'text', (c) => c.notNull().references('visits.id'))
        .addColumn('contact_id', 'text', (c) => c.notNull())
        .addColumn('actor_account_id', 'text')
        .addColumn('actor_name', 'text', (c) => c.notNull())
        .addColumn('reasons', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('at', 'text', (c) => c.notNull()),
    );
    await tx.run(schema.createIndex('checkin_overrides_company_at').on('checkin_overrides').columns(['company_id', 'at']));
    await tx.run(schema.alterTable('api_keys').addColumn('last_used_at', 'text'));
    await tx.run(schema.createIndex('visits_location_recorded').on('visits').columns(['location_id', 'recorded_at']));
  },
};
