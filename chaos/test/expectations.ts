import { expect } from 'vitest';
import type { ScenarioResult } from '../report.js';

/** What every scenario promises, asserted on its measured result: nothing lost, doubled or half-written, no unclean answer. */
export function expectKeptPromises(result: ScenarioResult): void {
  expect(result.violations).toEqual([]);
  expect({ lost: result.lost, duplicated: result.duplicated, badInputServerErrors: result.badInputServerErrors ?? 0, unclean: result.unclean }).toEqual({
    lost: 0,
    duplicated: 0,
    badInputServerErrors: 0,
    unclean: 0,
  });
  expect(result.faults).toBeGreaterThan(0);
  expect(result.acknowledged).toBeGreaterThan(0);
}
