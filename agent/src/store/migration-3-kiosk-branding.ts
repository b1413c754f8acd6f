import type { AgentDatabase } from './database.js';

/**
 * Step 3: the location's branding (logo, accent colour, kiosk language) kept beside its name and
 * zone, as JSON, so a kiosk that starts while the server is away still looks and speaks as set.
 */
export function kioskBranding(db: AgentDatabase): void {
  db.exec('alter table kiosk_state add column branding text');
}
