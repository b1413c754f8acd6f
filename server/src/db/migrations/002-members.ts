import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Migration } from './migrate.js';

/**
 * Members and check-in: match keys of every credential (member codes and cards), visits, denied
 * attempts, and the per-company sequence that orders the offline eligibility feed.
 */
export const members: Migration = {
  name: '002-members',
  async up(tx, db) {
    const schema = db.qb.schema;
    await tx.run(schema.alterTable('companies').addColumn('feed_seq', 'integer', (c) => c.notNull().defaultTo(0)));
    // Keys the hashes of the eligibility feed; per company so one company's feed says nothing of another's.
    await tx.run(schema.alterTable('companies').addColumn('credential_secret', 'text'));
    for (const company of await tx.all(db.qb.selectFrom('companies').select('id'))) {
      await tx.run(
        db.qb
          .updateTable('companies')
          .set({ credential_secret: randomBytes(32).toString('base64url') })
          .where('id', '=', company.id),
      );
    }
    await tx.run(schema.alterTable('contacts').addColumn('form_signed_at', 'text'));
    await tx.run(schema.alterTable('credentials').addColumn('format', 'text'));
    await tx.run(schema.alterTable('credentials').addColumn('canonical', 'text'));

    // One row per way an identifier can be matched: `C:` member codes, `U:` full card numbers, `W:` Wiegand 26.
    await tx.run(
      schema
        .createTable('credential_keys')
        .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
        .addColumn('match_key', 'text', (c) => c.notNull())
        .addColumn('membership_id', 'text', (c) => c.notNull().references('memberships.id'))
        .addColumn('credential_id', 'text', (c) => c.references('credentials.id'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('feed_seq', 'integer', (c) => c.notNull())
        .addColumn('feed_updated_at', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('revoked_at', 'text'),
    );
    // A live identifier belongs to one membership; revoked keys stay for the feed's tombstones.
    await tx.run(schema.createIndex('credential_keys_live').on('credential_keys').columns(['company_id', 'match_key']).unique().where(sql.ref('revoked_at'), 'is', null));
    await tx.run(schema.createIndex('credential_keys_feed').on('credential_keys').columns(['company_id', 'feed_seq', 'match_key']));
    await tx.run(schema.createIndex('credential_keys_membership').on('credential_keys').columns(['membership_id']));

    await tx.run(
      schema
        .createTable('visits')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
        .addColumn('membership_id', 'text', (c) => c.notNull().references('memberships.id'))
        .addColumn('contact_id', 'text', (c) => c.notNull().references('contacts.id'))
        .addColumn('location_id', 'text', (c) => c.notNull().references('locations.id'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('class_id', 'text')
        .addColumn('checked_in_at', 'text', (c) => c.notNull())
        .addColumn('recorded_at', 'text', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('device_id', 'text')
        .addColumn('resolved_by', 'text')
        .addColumn('offline', 'integer', (c) => c.notNull())
        .addColumn('flags', 'text', (c) => c.notNull())
        // As of this visit, so a visit list reads what the member was told at the gate.
        .addColumn('plan_name', 'text', (c) => c.notNull())
        .addColumn('visits_used', 'integer', (c) => c.notNull())
        .addColumn('visits_remaining', 'integer'),
    );
    await tx.run(schema.createIndex('visits_membership_time').on('visits').columns(['membership_id', 'checked_in_at', 'id']));

    // Refused check-ins: an audit trail for staff, never counted against a limit.
    await tx.run(
      schema
        .createTable('checkin_denials')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
        .addColumn('location_id', 'text', (c) => c.notNull().references('locations.id'))
        .addColumn('membership_id', 'text')
        .addColumn('contact_id', 'text')
        .addColumn('credential_hash', 'text')
        .addColumn('reasons', 'text', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('device_id', 'text')
        .addColumn('attempted_at', 'text', (c) => c.notNull()),
    );
    await tx.run(schema.createIndex('checkin_denials_location_time').on('checkin_denials').columns(['location_id', 'attempted_at']));
  },
};
