import type { AgentDatabase } from './database.js';

/**
 * Step 3: the location's branding (logo, accent colour, kiosk language) kept beside its name and
 * zone, as JSON, so a kiosk that starts while the server is away still looks and speaks as set.
 * Like the steps before it, it may meet a database that already has it (one whose `user_version`
 * was lost), so it adds the column only when missing.
 */
export function kioskBranding(db: AgentDatabase): void {
  const columns = db.prepare('select name from pragma_table_info(?)').all('kiosk_state') as { name: string }[];
  if (!columns.some((column) => column.name === 'branding')) db.exec('alter table kiosk_state add column branding text');
}
