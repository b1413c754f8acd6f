import type { Migration } from './migrate.js';

/**
 * `staff_password_links`: the one-time links that let a staff member set their own password, an
 * invitation (a new account has none) or a reset by an owner, a manager or the command line. Only
 * the secret's SHA-256 is kept. One link per account is live: minting ends the ones before (they
 * expire then, and stay for the record).
 */
export const passwordLinks: Migration = {
  name: '021-password-links',
  async up(tx, db) {
    const schema = db.qb.schema;
    await tx.run(
      schema
        .createTable('staff_password_links')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
        .addColumn('account_id', 'text', (c) => c.notNull().references('staff_accounts.id'))
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text'),
    );
    await tx.run(schema.createIndex('staff_password_links_account').on('staff_password_links').columns(['account_id']));
  },
};
