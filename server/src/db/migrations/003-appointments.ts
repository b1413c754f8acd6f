import type { Migration } from './migrate.js';

/** Appointments: staff date overrides and time off, and bookings with their buffered blocks. */
export const appointments: Migration = {
  name: '003-appointments',
  async up(tx, db) {
    const schema = db.qb.schema;
    // An override replaces a staff member's weekly hours on one local date; a row without times is a day off.
    await tx.run(
      schema
        .createTable('staff_overrides')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('staff_id', 'text', (c) => c.notNull().references('staff.id'))
        .addColumn('location_id', 'text', (c) => c.notNull().references('locations.id'))
        .addColumn('date', 'text', (c) => c.notNull())
        .addColumn('start_time', 'text')
        .addColumn('end_time', 'text'),
    );
    await tx.run(schema.createIndex('staff_overrides_staff_date').on('staff_overrides').columns(['staff_id', 'location_id', 'date']));
    await tx.run(
      schema
        .createTable('staff_time_off')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('staff_id', 'text', (c) => c.notNull().references('staff.id'))
        .addColumn('start_at', 'text', (c) => c.notNull())
        .addColumn('end_at', 'text', (c) => c.notNull())
        .addColumn('reason', 'text'),
    );
    await tx.run(schema.createIndex('staff_time_off_staff').on('staff_time_off').columns(['staff_id', 'end_at']));
    await tx.run(
      schema
        .createTable('bookings')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
        .addColumn('location_id', 'text', (c) => c.notNull().references('locations.id'))
        .addColumn('contact_id', 'text', (c) => c.notNull().references('contacts.id'))
        .addColumn('service_id', 'text', (c) => c.notNull().references('services.id'))
        .addColumn('staff_id', 'text', (c) => c.notNull().references('staff.id'))
        .addColumn('room_id', 'text', (c) => c.references('rooms.id'))
        .addColumn('start_at', 'text', (c) => c.notNull())
        .addColumn('end_at', 'text', (c) => c.notNull())
        // The time the booking holds its technician and room: widened by the service's buffers.
        .addColumn('block_start_at', 'text', (c) => c.notNull())
        .addColumn('block_end_at', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('notes', 'text')
        .addColumn('late_cancel', 'integer', (c) => c.notNull())
        .addColumn('cancelled_at', 'text')
        .addColumn('cancellation_reason', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull()),
    );
    await tx.run(schema.createIndex('bookings_staff_block').on('bookings').columns(['staff_id', 'block_end_at']));
    await tx.run(schema.createIndex('bookings_room_block').on('bookings').columns(['room_id', 'block_end_at']));
    await tx.run(schema.createIndex('bookings_company_start').on('bookings').columns(['company_id', 'start_at', 'id']));
    await tx.run(schema.createIndex('bookings_contact').on('bookings').columns(['contact_id']));
  },
};
