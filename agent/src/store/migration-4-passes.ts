import type { AgentDatabase } from './database.js';

/**
 * Step 4: members' phone passes (docs/phone-pass.md). `pass_keys`: the location's live pass keys
 * as the last feed page carried them (secrets, like the feed's hash key: this file is 0600).
 * `pass_steps`: the last time step accepted per member, so a code (or a screenshot of it) opens
 * the door once, across restarts.
 */
export function passTables(db: AgentDatabase): void {
  db.exec(`
create table if not exists pass_keys (
  location_id text not null,
  epoch integer not null,
  key text not null,
  retired_at text,
  primary key (location_id, epoch)
);
create table if not exists pass_steps (
  contact_id text primary key,
  step integer not null
);`);
}
