import type { Clock } from '../../clock/time.js';

const minute = 60_000;
const day = 24 * 60 * minute;

/** What member sign-in depends on besides the database (docs/member-sign-in.md), passed in so tests fix the time. */
export interface MemberAuthSettings {
  clock: Clock;
  /** How long an emailed code and its link work. */
  codeValidityMs: number;
  /** Wrong codes a code takes before it (and its link) stops working. */
  wrongTriesPerCode: number;
  /** Codes one member is sent within an hour; more requests are answered alike and send nothing. */
  codesPerHour: number;
  /** A session unused this long ends; each use pushes it back. */
  sessionIdleMs: number;
  /** A session ends this long after sign-in, however busy. */
  sessionMaxAgeMs: number;
}

export function memberAuthSettings(clock: Clock, overrides: Partial<Omit<MemberAuthSettings, 'clock'>> = {}): MemberAuthSettings {
  return { clock, codeValidityMs: 10 * minute, wrongTriesPerCode: 5, codesPerHour: 5, sessionIdleMs: 60 * day, sessionMaxAgeMs: 365 * day, ...overrides };
}
