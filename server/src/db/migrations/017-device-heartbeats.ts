import type { Migration } from './migrate.js';

/**
 * `device_heartbeats`: the latest heartbeat of each device agent (issue: Devices page), one row per
 * company and `device_id`, replaced by each report. `received_at` is the server's clock, the last
 * contact the web app judges online / stale / lost by; `report` is the heartbeat's JSON (health,
 * counts and times only: the request schema admits no key, card number or name).
 */
export const deviceHeartbeats: Migration = {
  name: '017-device-heartbeats',
  async up(tx, db) {
    const schema = db.qb.schema;
    await tx.run(
      schema
        .createTable('device_heartbeats')
        .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
        .addColumn('device_id', 'text', (c) => c.notNull())
        .addColumn('location_id', 'text', (c) => c.notNull().references('locations.id'))
        .addColumn('received_at', 'text', (c) => c.notNull())
        .addColumn('agent_version', 'text', (c) => c.notNull())
        .addColumn('report', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('device_heartbeats_pk', ['company_id', 'device_id']),
    );
    await tx.run(schema.createIndex('device_heartbeats_location').on('device_heartbeats').columns(['location_id', 'device_id']));
  },
};
