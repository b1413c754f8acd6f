/**
 * What every fault scenario measures, and the table `npm run chaos` prints. A scenario never
 * asserts by itself: it counts, and lists every broken invariant in `violations`, so the runner
 * prints the whole picture and the vitest suite asserts on the same result.
 */
export interface ScenarioResult {
  scenario: string;
  /** Requests sent or cards presented, retries of the same logical operation included. */
  operations: number;
  /** Faults injected: restarts, kills, unplugs, clock jumps, disk-full episodes. */
  faults: number;
  /** Logical writes the client saw acknowledged (a 2xx, or a granted scan recorded by the agent). */
  acknowledged: number;
  /** Acknowledged writes missing afterwards. */
  lost: number;
  /** Logical writes stored more than once. */
  duplicated: number;
  /** 5xx answers of every kind (a clean 503 during an outage included). */
  serverErrors: number;
  /** 5xx answers to malformed requests, other than a clean 503 while the database was away; null where none are sent. */
  badInputServerErrors: number | null;
  /** Answers that were not clean: a 500, a 5xx without the envelope or Retry-After, a hang. */
  unclean: number;
  /** Broken invariants (half-written rows, a relay left on, a crash...): must be empty. */
  violations: string[];
  /** Facts worth reading beside the counts (timings, what was in doubt). */
  notes: string[];
  seconds: number;
}

export type ScenarioCounts = Omit<ScenarioResult, 'scenario' | 'violations' | 'notes' | 'seconds'>;

export function emptyCounts(): ScenarioCounts {
  return { operations: 0, faults: 0, acknowledged: 0, lost: 0, duplicated: 0, serverErrors: 0, badInputServerErrors: 0, unclean: 0 };
}

/** True when the scenario kept every promise. */
export function passed(result: ScenarioResult): boolean {
  return result.lost === 0 && result.duplicated === 0 && !result.badInputServerErrors && result.unclean === 0 && result.violations.length === 0;
}

const columns = ['scenario', 'operations', 'faults injected', 'acknowledged', 'lost', 'duplicated', '5xx', '5xx from bad input', 'unclean', 'seconds', 'verdict'];

export function renderTable(results: ScenarioResult[]): string {
  const rows = results.map((r) => [
    r.scenario,
    r.operations,
    r.faults,
    r.acknowledged,
    r.lost,
    r.duplicated,
    r.serverErrors,
    r.badInputServerErrors ?? 'n/a',
    r.unclean,
    r.seconds.toFixed(1),
    passed(r) ? 'pass' : 'FAIL',
  ]);
  const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  return [line(columns), line(columns.map((c, i) => (i === 0 || i === columns.length - 1 ? '---' : '---:'))), ...rows.map(line)].join('\n');
}

export function renderReport(results: ScenarioResult[], meta: { quick: boolean; machine: string; date: string }): string {
  const details = results.flatMap((r) => [`### ${r.scenario}`, ...r.notes.map((n) => `- ${n}`), ...r.violations.map((v) => `- VIOLATION: ${v}`), '']);
  return [
    `# Chaos run${meta.quick ? ' (quick)' : ''}`,
    '',
    `${meta.date}, ${meta.machine}`,
    '',
    renderTable(results),
    '',
    '5xx counts every 5xx answer, the clean `503 unavailable` (with Retry-After) of an outage included;',
    '"unclean" counts 500s, 5xx without the envelope or Retry-After, and requests that hung; in the agent',
    'scenarios, whose server gets no fault, every 5xx is unclean. Agent scenarios send no malformed requests (n/a).',
    '',
    ...details,
  ].join('\n');
}
