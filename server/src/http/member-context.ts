import type { MemberSession } from '../modules/member-auth/sessions.js';
import type { MemberAuthSettings } from '../modules/member-auth/settings.js';

/** What a /m/api route is given of its HTTP request besides its input (web/member/member-auth.ts). */
export interface MemberRequestContext {
  settings: MemberAuthSettings;
  /** The client's address: wrong codes are counted by its client. */
  address: string;
  userAgent: string | undefined;
  /** The request's own origin (scheme and an allowed host): the emailed link leads back to it. */
  origin: string;
  /** The member cookie the browser sent, valid or not: signing in ends it, so a planted one is never promoted. */
  sentToken: string | undefined;
  /** The signed-in member; absent on the signed-out routes. */
  session?: MemberSession;
  startSession(opened: { token: string; expiresAt: string }): void;
  endSession(): void;
  /** Counts a signed-out request against its client's anonymous budget (plugins/rate-limit.ts); over it, 429. */
  admitAnonymous(): Promise<void>;
}
