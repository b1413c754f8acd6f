/**
 * The schema of an agent database as the agent left it before schema versions (its user_version
 * is 1, or 0 on a box from before the door setting), dumped verbatim from `sqlite_schema` of a
 * database that version made: the gate's and the cache's tables, and the kiosk's (made only on a
 * box whose kiosk had started).
 */
export const oldGateTables = `
CREATE TABLE feed_rows (
  credential_hash text primary key,
  membership_id text not null,
  contact_id text,
  row text not null
);
CREATE INDEX feed_rows_membership on feed_rows (membership_id);
CREATE TABLE feed_rows_alt (
  credential_hash text primary key,
  membership_id text not null,
  contact_id text,
  row text not null
);
CREATE INDEX feed_rows_alt_membership on feed_rows_alt (membership_id);
CREATE INDEX feed_rows_alt_contact_id on feed_rows_alt (contact_id);
CREATE TABLE feed_reload (
  id integer primary key check (id = 1),
  location_id text not null,
  cursor text,
  hash_key text not null
);
CREATE TABLE feed_state (
  id integer primary key check (id = 1),
  location_id text,
  cursor text,
  hash_key text,
  rules text,
  full_sync_at text,
  delta_sync_at text
, live_table text not null default 'feed_rows' check (live_table in ('feed_rows', 'feed_rows_alt')));
CREATE TABLE decisions (
  id integer primary key autoincrement,
  at text not null,
  lane_id text not null,
  reader_id text not null,
  credential_digest text not null,
  membership_id text,
  granted integer not null,
  reason text,
  offline integer not null,
  idempotency_key text
, passage_key text, direction text not null default 'in');
CREATE TABLE outbox (
  id integer primary key autoincrement,
  idempotency_key text not null unique,
  membership_id text not null,
  location_id text not null,
  device_id text not null,
  checked_in_at text not null,
  online_attempted integer not null,
  status text not null default 'pending' check (status in ('pending', 'sent', 'rejected')),
  attempts integer not null default 0,
  last_error text,
  visit_id text,
  created_at text not null,
  updated_at text not null
, void_reason text, void_state text check (void_state in ('pending', 'done', 'rejected')));
CREATE INDEX outbox_status on outbox (status, id);
CREATE TABLE liveness (id integer primary key check (id = 1), at text not null);
CREATE TABLE local_secret (id integer primary key check (id = 1), secret blob not null);
CREATE INDEX feed_rows_contact_id on feed_rows (contact_id);
CREATE INDEX outbox_refused_voids on outbox (updated_at, id) where void_state = 'rejected';
CREATE INDEX decisions_last_passage on decisions (passage_key, granted);
`;

export const oldKioskTables = `
CREATE TABLE kiosk_classes (
  id text primary key,
  start text not null,
  class text not null,
  roster text,
  synced_at text not null
);
CREATE INDEX kiosk_classes_start on kiosk_classes (start);
CREATE TABLE kiosk_state (
  id integer primary key check (id = 1),
  synced_at text,
  location_name text,
  timezone text
);
CREATE TABLE class_checkin_outbox (
  id integer primary key autoincrement,
  idempotency_key text not null unique,
  class_id text not null,
  contact_id text not null,
  device_id text not null,
  checked_in_at text not null,
  class_name text not null,
  class_start text not null,
  display_name text not null,
  status text not null default 'pending' check (status in ('pending', 'sent', 'rejected')),
  attempts integer not null default 0,
  last_error text,
  created_at text not null,
  updated_at text not null
);
CREATE INDEX class_checkin_outbox_status on class_checkin_outbox (status, id);
CREATE INDEX class_checkin_outbox_class on class_checkin_outbox (class_id, status);
`;
