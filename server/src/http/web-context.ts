import type { StaffAuthSettings } from '../modules/staff-accounts/settings.js';

/** What the routes that open or end a session need of the HTTP request beyond their input. */
export interface WebRequestContext {
  settings: StaffAuthSettings;
  /** The client's address, counted by the sign-in limit and shown in the sessions list. */
  address: string;
  userAgent: string | undefined;
  /** The request's own origin (scheme and an allowed host): an emailed link to the members' app leads back to it. */
  origin: string;
  /** The session cookie the browser sent, valid or not: sign-in revokes it so a planted one is never promoted. */
  sentToken: string | undefined;
  /** Sets the session cookie on the answer, expiring with the session. */
  startSession(opened: { token: string; expiresAt: string }): void;
  /** Clears the session cookie on the answer. */
  endSession(): void;
  /** Counts a signed-out request against its client's anonymous budget (plugins/rate-limit.ts); over it, 429. */
  admitAnonymous(): Promise<void>;
}
