import type { AgentDatabase } from './database.js';
import { withRefusedVoidsIndex } from './migration-1-base.js';

/** The kiosk's timetable and roster cache, and its class check-in outbox (kiosk/store/). */
const kioskTables = `
create table if not exists kiosk_classes (
  id text primary key,
  start text not null,
  class text not null,
  roster text,
  synced_at text not null
);
create index if not exists kiosk_classes_start on kiosk_classes (start);

create table if not exists kiosk_state (
  id integer primary key check (id = 1),
  synced_at text,
  location_name text,
  timezone text
);

create table if not exists class_checkin_outbox (
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
create index if not exists class_checkin_outbox_status on class_checkin_outbox (status, id);
create index if not exists class_checkin_outbox_class on class_checkin_outbox (class_id, status);
`;

/**
 * Step 2: what agents at version 1 still made on an open, outside the version: the kiosk's tables
 * (made when the kiosk started; now on every box, empty where no kiosk runs) and the refused-voids
 * index (added after version 1 was first written, so a box marked 1 then lacks it). Idempotent.
 */
export function kioskTablesAndLateIndexes(db: AgentDatabase): void {
  db.exec(kioskTables);
  withRefusedVoidsIndex(db);
}
