import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** axe-core's violations in the page as it is now (evaluated through the debugger: the page's CSP need not allow it). */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // Half a megabyte of script: loaded once per document, not again at every check (a page of the app
  // keeps its document from one route to the next).
  if (!(await page.evaluate<boolean>("typeof globalThis.axe?.run === 'function'"))) await page.evaluate(await axeSource);
  // A string, evaluated in the page: this file is typed for Node, without the DOM's globals.
  return page.evaluate<AxeViolation[]>(`axe.run(document, { resultTypes: ['violations'] }).then((result) =>
    result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    })))`);
}

/** One line per violation, so a failing test reads as a to-do list: `serious color-contrast: … at .a, .b`. */
export function describeViolations(violations: AxeViolation[]): string[] {
  return violations.map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.targets.slice(0, 5).join(', ')}${v.targets.length > 5 ? ` (+${v.targets.length - 5} more)` : ''}`);
}

/** The serious and critical violations, as readable lines; a clean page answers []. */
export async function seriousViolations(page: Page): Promise<string[]> {
  return describeViolations((await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical'));
}
