import type { Migration } from './migrate.js';

/**
 * One visit for one class consumes one credit, whichever way the member came in:
 * - `door_checkin_consumes` on plans and packages: what a door (facility) check-in without a class
 *   spot in its check-in window uses up, `visit` (as before) or `nothing` (a studio whose door only
 *   lets members in to the class they booked: the class check-in consumes).
 * - `visits.counted`: 0 for a door entry that used no allowance (the plan says `nothing`, or the
 *   class it belongs to is paid otherwise); every limit and package balance counts only counted visits.
 */
export const doorAndClassCredit: Migration = {
  name: '006-door-and-class-credit',
  async up(tx, db) {
    const schema = db.qb.schema;
    for (const table of ['membership_plans', 'package_templates'] as const) {
      await tx.run(schema.alterTable(table).addColumn('door_checkin_consumes', 'text', (c) => c.notNull().defaultTo('visit')));
    }
    await tx.run(schema.alterTable('visits').addColumn('counted', 'integer', (c) => c.notNull().defaultTo(1)));
  },
};
