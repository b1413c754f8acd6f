import type { Migration } from './migrate.js';

/**
 * `location_pass_keys`: the key each location's phone passes are made with (docs/phone-pass.md).
 * `key` is 32 random bytes, base64url, kept in clear as `companies.credential_secret` is: the
 * server derives each member's key from it and hands it to the location's agents with the
 * eligibility feed. A location's first key (epoch 1) is made when it is first needed; a rotation
 * adds the next epoch and retires the one before at `retired_at`, a minute later. Only rows not
 * yet retired are live.
 */
export const locationPassKeys: Migration = {
  name: '025-location-pass-keys',
  async up(tx, db) {
    await tx.run(
      db.qb.schema
        .createTable('location_pass_keys')
        .addColumn('location_id', 'text', (c) => c.notNull().references('locations.id'))
        .addColumn('epoch', 'integer', (c) => c.notNull())
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('retired_at', 'text')
        .addPrimaryKeyConstraint('location_pass_keys_pk', ['location_id', 'epoch']),
    );
  },
};
