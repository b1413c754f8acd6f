import type { Migration } from './migrate.js';

/**
 * Device keys (issue 29): an API key bound to one registered device, its `device_id` and
 * `device_kind` (turnstile, kiosk, desk_reader), both null for any other key. Only a device key
 * reports offline or backdated check-ins, desk scans and heartbeats, and only for its own device.
 * `visits.staff_account_id`: the staff account that checked a member in at the desk (source `staff`).
 */
export const deviceKeys: Migration = {
  name: '019-device-keys',
  async up(tx, db) {
    const schema = db.qb.schema;
    await tx.run(schema.alterTable('api_keys').addColumn('device_id', 'text'));
    await tx.run(schema.alterTable('api_keys').addColumn('device_kind', 'text'));
    await tx.run(schema.alterTable('visits').addColumn('staff_account_id', 'text'));
  },
};
