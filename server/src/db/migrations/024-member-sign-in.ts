import type { Migration } from './migrate.js';

/**
 * Members sign in without a password (docs/member-sign-in.md):
 *
 * - `member_sign_in_codes`: a code sent by email, for one contact of one company, asked for at one
 *   location. Only hashes are kept: of the 6-digit code (salted by the row's id) and of the long
 *   secret of the sign-in link sent beside it. Ten minutes, one use, five wrong tries.
 * - `member_sessions`: a signed-in device of a member; the token's SHA-256 only. Ended by the
 *   member or by staff (`ended_at`), or when unused too long.
 * - `member_sign_in_attempts`: every code try by email and client, as `staff_login_attempts` is for
 *   staff (staff-accounts/attempts.ts reads both): wrong codes slow the next try. `company_id` is
 *   '' (a member signs in with an email alone, so tries count across the server's businesses).
 */
export const memberSignIn: Migration = {
  name: '024-member-sign-in',
  async up(tx, db) {
    const schema = db.qb.schema;
    await tx.run(
      schema
        .createTable('member_sign_in_codes')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
        .addColumn('contact_id', 'text', (c) => c.notNull().references('contacts.id'))
        .addColumn('location_id', 'text', (c) => c.notNull().references('locations.id'))
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('link_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .addColumn('wrong_tries', 'integer', (c) => c.notNull().defaultTo(0)),
    );
    await tx.run(schema.createIndex('member_sign_in_codes_contact').on('member_sign_in_codes').columns(['contact_id', 'created_at']));
    await tx.run(
      schema
        .createTable('member_sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
        .addColumn('contact_id', 'text', (c) => c.notNull().references('contacts.id'))
        .addColumn('location_id', 'text', (c) => c.notNull().references('locations.id'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_seen_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('user_agent', 'text')
        .addColumn('ended_at', 'text')
        .addColumn('ended_by', 'text'),
    );
    await tx.run(schema.createIndex('member_sessions_contact').on('member_sessions').columns(['contact_id', 'created_at']));
    await tx.run(
      schema
        .createTable('member_sign_in_attempts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('company_id', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('outcome', 'text', (c) => c.notNull())
        .addColumn('at', 'text', (c) => c.notNull()),
    );
    await tx.run(schema.createIndex('member_sign_in_attempts_email').on('member_sign_in_attempts').columns(['company_id', 'email', 'at']));
    await tx.run(schema.createIndex('member_sign_in_attempts_address').on('member_sign_in_attempts').columns(['address', 'at']));
  },
};
