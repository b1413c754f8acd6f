import type { Migration } from './migrate.js';

/**
 * A location's visits by time (`GET /v1/visits`, the front desk's day): one index range per page,
 * newest first, whatever the page, as refused check-ins already have (002's
 * `checkin_denials_location_time`). Until now visits were only read per membership.
 */
export const visitsByLocation: Migration = {
  name: '010-visits-by-location',
  async up(tx, db) {
    await tx.run(db.qb.schema.createIndex('visits_location_time').on('visits').columns(['location_id', 'checked_in_at', 'id']));
  },
};
