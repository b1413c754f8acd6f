import type { CheckResult } from './checks.js';

/** 0 when nothing failed (warnings are advice), 1 otherwise. */
export function exitCodeOf(results: CheckResult[]): number {
  return results.some((check) => check.status === 'fail') ? 1 : 0;
}

/** One line per check: `ok    database     SQLite /data/studio.db opens and answers (2 ms)`. */
export function formatText(results: CheckResult[]): string {
  const width = Math.max(...results.map((check) => check.name.length));
  return results.map((check) => `${check.status.padEnd(5)} ${check.name.padEnd(width)}  ${check.message}`).join('\n') + '\n';
}

export function formatJson(results: CheckResult[]): string {
  return JSON.stringify({ ok: exitCodeOf(results) === 0, checks: results }, null, 2) + '\n';
}
