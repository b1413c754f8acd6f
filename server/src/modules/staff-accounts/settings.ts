import type { Clock } from '../../clock/time.js';
import { recommendedCost, type ScryptCost } from './passwords.js';

const minute = 60_000;
const hour = 60 * minute;

/** What staff sign-in depends on besides the database, passed in so tests fix the time and a cheaper hash. */
export interface StaffAuthSettings {
  clock: Clock;
  /** The cost new password hashes get; a sign-in rehashes a hash made cheaper. */
  passwordCost: ScryptCost;
  /** A session unused this long ends; each use pushes it back. */
  idleTimeoutMs: number;
  /** A session ends this long after sign-in, however busy. */
  maxAgeMs: number;
  /** How long a setup link works. */
  setupLinkValidityMs: number;
  /** How long an invitation or password reset link works. */
  passwordLinkValidityMs: number;
}

export function staffAuthSettings(clock: Clock, overrides: Partial<Omit<StaffAuthSettings, 'clock'>> = {}): StaffAuthSettings {
  return {
    clock,
    passwordCost: recommendedCost,
    idleTimeoutMs: 12 * hour,
    maxAgeMs: 7 * 24 * hour,
    setupLinkValidityMs: 24 * hour,
    passwordLinkValidityMs: 72 * hour,
    ...overrides,
  };
}
