/**
 * When a failed delivery is tried again, and when it is given up.
 *
 * After the n-th failed attempt the next one waits 30 s × 2^(n−1), at most 6 hours, each wait
 * shortened by a random 0–20 % (jitter, so endpoints that failed together do not all return at
 * once). Without jitter: 30 s, 1 min, 2 min, 4 min, 8 min, 16 min, 32 min, 64 min, ~2 h, ~4 h, then
 * every 6 h; the first ten retries fall within ~8.5 hours, and 21 to 24 retries in all fit the window.
 * The window is three days from the delivery's creation: no retry is planned past it (the last
 * one is moved up to it), and a failure at or after it marks the delivery `failed`.
 *
 * An endpoint with no successful delivery for as long (its `failing_since` three days back) is
 * disabled, with the reason in words (record-attempt.ts).
 */
export const retryWindowMs = 3 * 24 * 3_600_000;
export const firstRetryDelayMs = 30_000;
export const longestRetryDelayMs = 6 * 3_600_000;
const jitterShare = 0.2;

/**
 * The time of the next attempt after `failedAttempts` failures (1 or more) of a delivery created
 * at `createdAtMs`, or null when the delivery is to be given up. `random` answers in [0, 1).
 * `firstDelayMs` is shortened by configuration only for drills and tests (WEBHOOK_FIRST_RETRY_MS).
 * `windowMs` is the webhooks' three days; member emails have their own (modules/messages/retries.ts).
 */
export function nextAttemptAt(createdAtMs: number, nowMs: number, failedAttempts: number, random: () => number, firstDelayMs = firstRetryDelayMs, windowMs = retryWindowMs): number | null {
  const deadline = createdAtMs + windowMs;
  if (nowMs >= deadline) return null;
  const exponent = Math.min(Math.max(failedAttempts - 1, 0), 30);
  const delay = Math.min(firstDelayMs * 2 ** exponent, longestRetryDelayMs);
  const jittered = Math.round(delay * (1 - jitterShare * random()));
  return Math.min(nowMs + jittered, deadline);
}
