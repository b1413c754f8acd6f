import type { Migration } from './migrate.js';

/**
 * What undoing a mistake needs to know (docs/setup-cli.md: `import --again`, `classes restore`):
 * - `import_fingerprints`: the SHA-256 of every imported file's canonical content, with the company
 *   it went into, so the same file imported twice by accident is refused.
 * - `cancelled_with_class` on roster and waitlist rows: 1 on the spots and queue entries a class's
 *   cancellation ended, so restoring the class gives back exactly those and not the ones their
 *   contacts had cancelled themselves. Rows from before this migration hold 0: the database did not
 *   record which they were.
 */
export const undoRecords: Migration = {
  name: '009-undo-records',
  async up(tx, db) {
    const schema = db.qb.schema;
    await tx.run(
      schema
        .createTable('import_fingerprints')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
        .addColumn('sha256', 'text', (c) => c.notNull())
        .addColumn('created_company', 'integer', (c) => c.notNull())
        .addColumn('imported_at', 'text', (c) => c.notNull()),
    );
    await tx.run(schema.createIndex('import_fingerprints_sha256').on('import_fingerprints').columns(['sha256', 'company_id']));
    for (const table of ['class_attendees', 'class_waitlist'] as const) {
      await tx.run(schema.alterTable(table).addColumn('cancelled_with_class', 'integer', (c) => c.notNull().defaultTo(0)));
    }
  },
};
