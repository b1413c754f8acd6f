import type { Migration } from './migrate.js';

/**
 * Staff accounts for the web app (docs/staff-accounts.md), apart from `staff` (the instructors
 * and therapists the schedule books; an account may belong to one of them or to nobody on it):
 * - `staff_accounts`: who signs in, with a role and the locations it works at; the email is stored
 *   lower-cased, so the unique index makes it unique per company whatever its case.
 * - `staff_sessions`: a signed-in browser; the token itself is never stored, only its SHA-256.
 * - `staff_login_attempts`: every sign-in try by (company, email) and address, counted by every
 *   server process alike to limit guessing.
 * - `staff_setup_tokens`: the one-time link that creates a company's first owner (hash only).
 * - `staff_audit_log`: who changed which account, and how.
 */
export const staffAccounts: Migration = {
  name: '011-staff-accounts',
  async up(tx, db) {
    const schema = db.qb.schema;
    await tx.run(
      schema
        .createTable('staff_accounts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('display_name', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('location_ids', 'text')
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('disabled_at', 'text'),
    );
    await tx.run(schema.createIndex('staff_accounts_company_email').on('staff_accounts').columns(['company_id', 'email']).unique());
    await tx.run(
      schema
        .createTable('staff_sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('staff_accounts.id'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_seen_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('user_agent', 'text')
        .addColumn('address', 'text')
        .addColumn('revoked_at', 'text'),
    );
    await tx.run(schema.createIndex('staff_sessions_account').on('staff_sessions').columns(['account_id']));
    await tx.run(
      schema
        .createTable('staff_login_attempts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('outcome', 'text', (c) => c.notNull())
        .addColumn('at', 'text', (c) => c.notNull()),
    );
    await tx.run(schema.createIndex('staff_login_attempts_email').on('staff_login_attempts').columns(['company_id', 'email', 'at']));
    await tx.run(schema.createIndex('staff_login_attempts_address').on('staff_login_attempts').columns(['address', 'at']));
    await tx.run(
      schema
        .createTable('staff_setup_tokens')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text'),
    );
    await tx.run(
      schema
        .createTable('staff_audit_log')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
        .addColumn('actor_account_id', 'text', (c) => c.references('staff_accounts.id'))
        .addColumn('actor_name', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('target_account_id', 'text', (c) => c.references('staff_accounts.id'))
        .addColumn('details', 'text')
        .addColumn('at', 'text', (c) => c.notNull()),
    );
    await tx.run(schema.createIndex('staff_audit_log_company_at').on('staff_audit_log').columns(['company_id', 'at']));
  },
};
