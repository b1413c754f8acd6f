import type { Migration } from './migrate.js';

/**
 * Events and webhooks (issue: events), and test mode.
 *
 * - `events`: the transactional outbox. A change writes its event in its own transaction, so a
 *   crash can neither lose an event nor leave one for a change that rolled back. `dispatched_at`
 *   is set once the event has been fanned out into `webhook_deliveries` (one row per endpoint).
 * - `webhook_endpoints`: where a company's events go; `secret` signs them (Standard Webhooks) and
 *   must be readable to sign, so it is stored as is, like the other secrets a server must use
 *   (`companies.credential_secret`); it is shown to people once. `previous_secret` signs as well
 *   until `previous_secret_expires_at`, so a rotation gives the receiver time to switch.
 * - `webhook_deliveries`: one event to one endpoint; claimed by one server process at a time
 *   (`claimed_until`), retried with backoff until `status` is `delivered` or `failed`.
 * - `webhook_attempts`: every attempt, for the delivery log.
 * - `companies.live_company_id`: set on a company that is another's test-mode twin. Test keys
 *   belong to the twin, so everything a test key reads or writes is the twin's and never live data.
 */
export const eventsAndWebhooks: Migration = {
  name: '018-events-and-webhooks',
  async up(tx, db) {
    const schema = db.qb.schema;
    await tx.run(schema.alterTable('companies').addColumn('live_company_id', 'text', (c) => c.references('companies.id')));
    await tx.run(schema.createIndex('companies_live_company').unique().on('companies').column('live_company_id'));

    await tx.run(
      schema
        .createTable('events')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('location_id', 'text')
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('dispatched_at', 'text'),
    );
    await tx.run(schema.createIndex('events_company_created').on('events').columns(['company_id', 'created_at', 'id']));
    await tx.run(schema.createIndex('events_undispatched').on('events').columns(['dispatched_at', 'created_at']));

    await tx.run(
      schema
        .createTable('webhook_endpoints')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('event_types', 'text', (c) => c.notNull())
        .addColumn('enabled', 'integer', (c) => c.notNull())
        .addColumn('disabled_reason', 'text')
        .addColumn('secret', 'text', (c) => c.notNull())
        .addColumn('previous_secret', 'text')
        .addColumn('previous_secret_expires_at', 'text')
        .addColumn('failing_since', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull()),
    );
    await tx.run(schema.createIndex('webhook_endpoints_company').on('webhook_endpoints').columns(['company_id', 'created_at']));

    await tx.run(
      schema
        .createTable('webhook_deliveries')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
        .addColumn('endpoint_id', 'text', (c) => c.notNull().references('webhook_endpoints.id'))
        .addColumn('event_id', 'text', (c) => c.notNull().references('events.id'))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addColumn('next_attempt_at', 'text')
        .addColumn('claimed_until', 'text')
        .addColumn('claim_token', 'text')
        .addColumn('last_attempt_at', 'text')
        .addColumn('last_status_code', 'integer')
        .addColumn('last_latency_ms', 'integer')
        .addColumn('last_error', 'text')
        .addColumn('delivered_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull()),
    );
    await tx.run(schema.createIndex('webhook_deliveries_endpoint_event').unique().on('webhook_deliveries').columns(['endpoint_id', 'event_id']));
    await tx.run(schema.createIndex('webhook_deliveries_due').on('webhook_deliveries').columns(['status', 'next_attempt_at']));
    await tx.run(schema.createIndex('webhook_deliveries_endpoint_created').on('webhook_deliveries').columns(['endpoint_id', 'created_at']));

    await tx.run(
      schema
        .createTable('webhook_attempts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
        .addColumn('delivery_id', 'text', (c) => c.notNull().references('webhook_deliveries.id'))
        .addColumn('endpoint_id', 'text', (c) => c.notNull().references('webhook_endpoints.id'))
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('status_code', 'integer')
        .addColumn('latency_ms', 'integer', (c) => c.notNull())
        .addColumn('error', 'text'),
    );
    await tx.run(schema.createIndex('webhook_attempts_endpoint_at').on('webhook_attempts').columns(['endpoint_id', 'at']));
    await tx.run(schema.createIndex('webhook_attempts_delivery').on('webhook_attempts').columns(['delivery_id', 'at']));
  },
};
