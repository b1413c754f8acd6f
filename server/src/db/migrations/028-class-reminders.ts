import type { Migration } from './migrate.js';

/**
 * `member_preferences`: what a member chose about their emails; no row is every default (class
 * reminders on). `class_reminders` turns off with the reminder's one-click unsubscribe link or the
 * member's own PATCH /m/api/preferences; `updated_via` says which.
 * `class_reminders`: the reminder of each class spot, once: the spot's id is the key, so schedulers
 * in several server processes (or one restarted) never queue a second. `message_id` null: none was
 * queued (the member had turned reminders off, or has no email).
 */
export const classReminders: Migration = {
  name: '028-class-reminders',
  async up(tx, db) {
    const schema = db.qb.schema;
    await tx.run(
      schema
        .createTable('member_preferences')
        .addColumn('contact_id', 'text', (c) => c.primaryKey().references('contacts.id'))
        .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
        .addColumn('class_reminders', 'integer', (c) => c.notNull())
        .addColumn('updated_via', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull()),
    );
    await tx.run(
      schema
        .createTable('class_reminders')
        .addColumn('attendee_id', 'text', (c) => c.primaryKey().references('class_attendees.id'))
        .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
        .addColumn('message_id', 'text', (c) => c.references('member_messages.id'))
        .addColumn('created_at', 'text', (c) => c.notNull()),
    );
  },
};
