import type { Migration } from './migrate.js';

/**
 * `member_messages`: the email outbox for members (sign-in codes, booking confirmations, waitlist
 * offers, reminders). A message is written in the transaction of the change it tells of, as events
 * are, and a sender sends it over SMTP later, retrying with backoff. `data` holds the template's
 * values as JSON; a secret in it (a sign-in code) is cleared once the message is sent or given up.
 * `member_message_attempts`: every try to send one, for staff on the member's page.
 */
export const memberMessages: Migration = {
  name: '023-member-messages',
  async up(tx, db) {
    const schema = db.qb.schema;
    await tx.run(
      schema
        .createTable('member_messages')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
        .addColumn('location_id', 'text', (c) => c.references('locations.id'))
        .addColumn('contact_id', 'text', (c) => c.references('contacts.id'))
        .addColumn('to_address', 'text', (c) => c.notNull())
        .addColumn('template', 'text', (c) => c.notNull())
        .addColumn('language', 'text', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('sent_at', 'text'),
    );
    await tx.run(schema.createIndex('member_messages_due').on('member_messages').columns(['status', 'next_attempt_at']));
    await tx.run(schema.createIndex('member_messages_contact').on('member_messages').columns(['contact_id', 'created_at']));
    await tx.run(
      schema
        .createTable('member_message_attempts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('message_id', 'text', (c) => c.notNull().references('member_messages.id'))
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('outcome', 'text', (c) => c.notNull())
        .addColumn('detail', 'text'),
    );
    await tx.run(schema.createIndex('member_message_attempts_message').on('member_message_attempts').columns(['message_id', 'at']));
  },
};
