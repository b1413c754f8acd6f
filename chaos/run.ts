// `npm run chaos [-- --quick] [--only id,id]`: injects the faults of every scenario, prints the table
// (operations, faults, acknowledged, lost, duplicated, 5xx) and writes chaos/results/latest.md.
// Exits non-zero when any scenario lost, doubled or half-wrote something, or answered uncleanly.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, release, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { passed, renderReport, type ScenarioResult } from './report.js';
import { scenarios } from './scenarios/index.js';
import { fullSettings, quickSettings } from './settings.js';

const { values: args } = parseArgs({ options: { quick: { type: 'boolean', default: false }, only: { type: 'string' } } });
const settings = args.quick ? quickSettings : fullSettings;
const only = args.only?.split(',');
const chosen = scenarios.filter((s) => !only || only.includes(s.id));
if (chosen.length === 0) throw new Error(`no scenario matches --only ${args.only}; ids: ${scenarios.map((s) => s.id).join(', ')}`);

// Private clusters, servers and agents are removed by 'exit' handlers: make a signal end the process through them.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));

const results: ScenarioResult[] = [];
for (const scenario of chosen) {
  process.stderr.write(`chaos: ${scenario.id}\n`);
  try {
    results.push(await scenario.run(settings));
  } catch (error) {
    results.push({
      scenario: scenario.id,
      operations: 0,
      faults: 0,
      acknowledged: 0,
      lost: 0,
      duplicated: 0,
      serverErrors: 0,
      badInputServerErrors: null,
      unclean: 0,
      violations: [`the scenario did not complete: ${(error as Error).stack ?? String(error)}`],
      notes: [],
      seconds: 0,
    });
  }
}

const machine = `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Linux ${release()}, Node ${process.version}`;
const report = renderReport(results, { quick: args.quick!, machine, date: new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC' });
const folder = join(new URL('.', import.meta.url).pathname, 'results');
mkdirSync(folder, { recursive: true });
writeFileSync(join(folder, 'latest.md'), report + '\n');
process.stdout.write(report + '\n');
process.exit(results.every(passed) ? 0 : 1);
