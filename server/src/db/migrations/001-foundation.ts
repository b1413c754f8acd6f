import { randomBytes } from 'node:crypto';
import type { CreateTableBuilder } from 'kysely';
import type { Migration } from './migrate.js';

type Table = CreateTableBuilder<string, never>;

const id = (t: Table) => t.addColumn('id', 'text', (c) => c.primaryKey());
const companyId = (t: Table) => t.addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'));
const locationId = (t: Table) => t.addColumn('location_id', 'text', (c) => c.notNull().references('locations.id'));
const createdAt = (t: Table) => t.addColumn('created_at', 'text', (c) => c.notNull());

export const foundation: Migration = {
  name: '001-foundation',
  async up(tx, db) {
    const schema = db.qb.schema;
    const create = (name: string, build: (t: Table) => Table) => tx.run(build(schema.createTable(name) as Table));
    const index = (name: string, table: string, columns: string[], unique = false) => {
      const builder = schema.createIndex(name).on(table).columns(columns);
      return tx.run(unique ? builder.unique() : builder);
    };

    await create('server_settings', (t) => t.addColumn('name', 'text', (c) => c.primaryKey()).addColumn('value', 'text', (c) => c.notNull()));
    // Signs pagination cursors; in the database so every server process on it agrees.
    await tx.run(db.qb.insertInto('server_settings').values({ name: 'cursor_secret', value: randomBytes(32).toString('base64url') }));

    await create('companies', (t) =>
      createdAt(
        id(t)
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('key_prefix', 'text', (c) => c.notNull()),
      ),
    );
    await create('api_keys', (t) =>
      createdAt(
        companyId(id(t))
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('key_hash', 'text', (c) => c.notNull().unique())
          .addColumn('last4', 'text', (c) => c.notNull())
          .addColumn('scopes', 'text', (c) => c.notNull())
          .addColumn('location_ids', 'text'),
      ).addColumn('revoked_at', 'text'),
    );
    await index('api_keys_company', 'api_keys', ['company_id']);

    await create('locations', (t) =>
      createdAt(
        companyId(id(t))
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('slug', 'text', (c) => c.notNull())
          .addColumn('timezone', 'text', (c) => c.notNull())
          .addColumn('country', 'text', (c) => c.notNull())
          .addColumn('address', 'text')
          .addColumn('settings', 'text', (c) => c.notNull()),
      ),
    );
    await index('locations_company_slug', 'locations', ['company_id', 'slug'], true);

    await create('staff', (t) =>
      createdAt(
        companyId(id(t))
          .addColumn('first_name', 'text', (c) => c.notNull())
          .addColumn('last_name', 'text')
          .addColumn('email', 'text'),
      ),
    );
    await create('staff_hours', (t) =>
      locationId(id(t).addColumn('staff_id', 'text', (c) => c.notNull().references('staff.id')))
        .addColumn('weekday', 'integer', (c) => c.notNull())
        .addColumn('start_time', 'text', (c) => c.notNull())
        .addColumn('end_time', 'text', (c) => c.notNull()),
    );
    await index('staff_hours_staff', 'staff_hours', ['staff_id', 'location_id']);

    await create('rooms', (t) => createdAt(locationId(companyId(id(t))).addColumn('name', 'text', (c) => c.notNull())));

    await create('services', (t) =>
      createdAt(
        locationId(companyId(id(t)))
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('description', 'text')
          .addColumn('category', 'text')
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('duration_minutes', 'integer', (c) => c.notNull())
          .addColumn('price_cents', 'integer', (c) => c.notNull())
          .addColumn('buffer_before_minutes', 'integer', (c) => c.notNull())
          .addColumn('buffer_after_minutes', 'integer', (c) => c.notNull())
          .addColumn('room_id', 'text', (c) => c.references('rooms.id'))
          .addColumn('requires_entitlement', 'integer', (c) => c.notNull())
          .addColumn('free_classes', 'integer', (c) => c.notNull())
          .addColumn('first_timers_only', 'integer', (c) => c.notNull().defaultTo(0)),
      ),
    );
    await index('services_company_created', 'services', ['company_id', 'created_at', 'id']);
    await create('service_staff', (t) =>
      t
        .addColumn('service_id', 'text', (c) => c.notNull().references('services.id'))
        .addColumn('staff_id', 'text', (c) => c.notNull().references('staff.id'))
        .addPrimaryKeyConstraint('service_staff_pk', ['service_id', 'staff_id']),
    );

    await create('membership_plans', (t) =>
      createdAt(
        locationId(companyId(id(t)))
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('price_cents', 'integer', (c) => c.notNull())
          .addColumn('billing_interval', 'text', (c) => c.notNull())
          .addColumn('visit_limit', 'integer')
          .addColumn('visit_period', 'text')
          .addColumn('class_limit_per_week', 'integer')
          .addColumn('access_location_ids', 'text')
          .addColumn('covered_service_ids', 'text'),
      ),
    );
    await create('package_templates', (t) =>
      createdAt(
        locationId(companyId(id(t)))
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('price_cents', 'integer', (c) => c.notNull())
          .addColumn('total_sessions', 'integer', (c) => c.notNull())
          .addColumn('covered_service_ids', 'text'),
      ),
    );

    await create('contacts', (t) =>
      locationId(companyId(id(t)))
        .addColumn('first_name', 'text', (c) => c.notNull())
        .addColumn('last_name', 'text')
        .addColumn('phone', 'text')
        .addColumn('email', 'text')
        .addColumn('notes', 'text')
        .addColumn('search_text', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull()),
    );
    // The same phone at the same location is one contact, decided by the database under concurrency.
    await index('contacts_location_phone', 'contacts', ['location_id', 'phone'], true);
    await index('contacts_company_created', 'contacts', ['company_id', 'created_at', 'id']);

    await create('memberships', (t) =>
      companyId(id(t))
        .addColumn('contact_id', 'text', (c) => c.notNull().references('contacts.id'))
        .addColumn('location_id', 'text', (c) => c.notNull().references('locations.id'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('plan_id', 'text', (c) => c.references('membership_plans.id'))
        .addColumn('package_template_id', 'text', (c) => c.references('package_templates.id'))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('member_code', 'text')
        .addColumn('start_date', 'text', (c) => c.notNull())
        .addColumn('end_date', 'text')
        .addColumn('credits_total', 'integer')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull()),
    );
    await index('memberships_company_code', 'memberships', ['company_id', 'member_code'], true);
    await index('memberships_contact', 'memberships', ['contact_id']);

    await create('credentials', (t) =>
      createdAt(
        companyId(id(t))
          .addColumn('membership_id', 'text', (c) => c.notNull().references('memberships.id'))
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('value', 'text', (c) => c.notNull()),
      ).addColumn('revoked_at', 'text'),
    );
    await index('credentials_company_value', 'credentials', ['company_id', 'value']);

    await create('gift_cards', (t) =>
      createdAt(
        locationId(companyId(id(t)))
          .addColumn('code', 'text', (c) => c.notNull())
          .addColumn('initial_balance_cents', 'integer', (c) => c.notNull())
          .addColumn('current_balance_cents', 'integer', (c) => c.notNull())
          .addColumn('status', 'text', (c) => c.notNull()),
      ),
    );
    await index('gift_cards_company_code', 'gift_cards', ['company_id', 'code'], true);
    await index('gift_cards_company_created', 'gift_cards', ['company_id', 'created_at', 'id']);

    await create('class_series', (t) =>
      createdAt(
        locationId(companyId(id(t)))
          .addColumn('service_id', 'text', (c) => c.notNull().references('services.id'))
          .addColumn('staff_id', 'text', (c) => c.references('staff.id'))
          .addColumn('room_id', 'text', (c) => c.references('rooms.id'))
          .addColumn('weekdays', 'text', (c) => c.notNull())
          .addColumn('start_time', 'text', (c) => c.notNull())
          .addColumn('duration_minutes', 'integer', (c) => c.notNull())
          .addColumn('capacity', 'integer', (c) => c.notNull())
          .addColumn('starts_on', 'text', (c) => c.notNull())
          .addColumn('ends_on', 'text', (c) => c.notNull()),
      ),
    );
    await create('classes', (t) =>
      createdAt(
        locationId(companyId(id(t)))
          .addColumn('service_id', 'text', (c) => c.notNull().references('services.id'))
          .addColumn('staff_id', 'text', (c) => c.references('staff.id'))
          .addColumn('room_id', 'text', (c) => c.references('rooms.id'))
          .addColumn('series_id', 'text', (c) => c.references('class_series.id'))
          .addColumn('start_at', 'text', (c) => c.notNull())
          .addColumn('end_at', 'text', (c) => c.notNull())
          .addColumn('capacity', 'integer', (c) => c.notNull())
          .addColumn('status', 'text', (c) => c.notNull()),
      ),
    );
    await index('classes_location_start', 'classes', ['location_id', 'start_at']);

    await create('idempotency_keys', (t) =>
      companyId(t)
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('method', 'text', (c) => c.notNull())
        .addColumn('path', 'text', (c) => c.notNull())
        .addColumn('request_hash', 'text', (c) => c.notNull())
        .addColumn('response_status', 'integer')
        .addColumn('response_body', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('idempotency_keys_pk', ['company_id', 'key']),
    );
    await index('idempotency_keys_created', 'idempotency_keys', ['created_at']);
  },
};
