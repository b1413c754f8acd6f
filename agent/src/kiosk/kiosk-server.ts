import type { StudioClient } from '@studio/shared/client';
import type { ServerLink } from '../link/server-link.js';

/** The slice of the API client the kiosk uses, so a test can pass another. */
export interface KioskServer {
  classes: Pick<StudioClient['classes'], 'all' | 'get' | 'book' | 'cancel' | 'checkIn'>;
  members: Pick<StudioClient['members'], 'resolve'>;
  locations: Pick<StudioClient['locations'], 'list' | 'branding'>;
}

/** The kiosk's own link: its state is the kiosk's `offline`, shown on its screen. */
export type KioskLink = ServerLink<KioskServer>;
