import { sql } from 'kysely';
import type { Migration } from './migrate.js';

/**
 * Class rosters and waitlists. A roster row is one contact's spot in one class; cancelled rows stay
 * (docs/api-decisions.md, Classes). A spot's covering membership or package is named at booking, and the
 * visit it consumed (at check-in, or at an unexcused late cancel) is linked so it is consumed once.
 */
export const classes: Migration = {
  name: '004-classes',
  async up(tx, db) {
    const schema = db.qb.schema;
    await tx.run(
      schema
        .createTable('class_attendees')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
        .addColumn('class_id', 'text', (c) => c.notNull().references('classes.id'))
        .addColumn('contact_id', 'text', (c) => c.notNull().references('contacts.id'))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('paid_by', 'text', (c) => c.notNull())
        .addColumn('membership_id', 'text', (c) => c.references('memberships.id'))
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('excused', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('visit_id', 'text', (c) => c.references('visits.id'))
        .addColumn('guest_of_contact_id', 'text', (c) => c.references('contacts.id'))
        .addColumn('booked_at', 'text', (c) => c.notNull())
        .addColumn('checked_in_at', 'text')
        .addColumn('cancelled_at', 'text')
        .addColumn('updated_at', 'text', (c) => c.notNull()),
    );
    // One live spot per contact per class, decided by the database; cancelled rows may repeat.
    await tx.run(
      schema
        .createIndex('class_attendees_live')
        .on('class_attendees')
        .columns(['class_id', 'contact_id'])
        .unique()
        .where(sql.ref('status'), 'in', sql`('reserved', 'checked_in')`),
    );
    await tx.run(schema.createIndex('class_attendees_class').on('class_attendees').columns(['class_id', 'status']));
    await tx.run(schema.createIndex('class_attendees_contact').on('class_attendees').columns(['contact_id', 'status']));
    await tx.run(schema.createIndex('class_attendees_membership').on('class_attendees').columns(['membership_id', 'status']));

    await tx.run(
      schema
        .createTable('class_waitlist')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
        .addColumn('class_id', 'text', (c) => c.notNull().references('classes.id'))
        .addColumn('contact_id', 'text', (c) => c.notNull().references('contacts.id'))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('offer_expires_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull()),
    );
    await tx.run(
      schema
        .createIndex('class_waitlist_live')
        .on('class_waitlist')
        .columns(['class_id', 'contact_id'])
        .unique()
        .where(sql.ref('status'), 'in', sql`('waiting', 'offered')`),
    );
    await tx.run(schema.createIndex('class_waitlist_class').on('class_waitlist').columns(['class_id', 'status', 'position']));
    await tx.run(schema.createIndex('class_waitlist_offers').on('class_waitlist').columns(['status', 'offer_expires_at']));
    await tx.run(schema.createIndex('classes_company_start').on('classes').columns(['company_id', 'start_at', 'id']));
  },
};
