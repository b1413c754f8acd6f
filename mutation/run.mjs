/**
 * `npm run mutation [-- <area>...] [-- --incremental]`: Stryker over each area of areas.mjs in
 * turn, then each area's score and a summary in reports/mutation/latest.md. Exits 1 when an area
 * scores under the required score or a run fails. Not part of `npm test`: a full run takes
 * minutes.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { mutationAreas, requiredScore } from './areas.mjs';

const args = process.argv.slice(2);
const incremental = args.includes('--incremental');
const names = args.filter((arg) => !arg.startsWith('--'));
for (const name of names) if (!(name in mutationAreas)) throw new Error(`unknown area ${name}; areas: ${Object.keys(mutationAreas).join(', ')}`);
const areas = names.length > 0 ? names : Object.keys(mutationAreas);

/** Killed and timed-out among valid mutants; mutants that do not compile or disabled by a comment are not valid. */
function score(reportFile) {
  const counts = { Killed: 0, Timeout: 0, Survived: 0, NoCoverage: 0, Ignored: 0, CompileError: 0, RuntimeError: 0 };
  const report = JSON.parse(readFileSync(reportFile, 'utf8'));
  for (const file of Object.values(report.files)) for (const mutant of file.mutants) counts[mutant.status] = (counts[mutant.status] ?? 0) + 1;
  const detected = counts.Killed + counts.Timeout;
  const valid = detected + counts.Survived + counts.NoCoverage;
  return { ...counts, detected, valid, score: valid === 0 ? 100 : (100 * detected) / valid };
}

const results = [];
for (const name of areas) {
  const started = Date.now();
  console.log(`\n=== mutation area ${name} ===`);
  const run = spawnSync('npx', ['stryker', 'run', 'mutation/stryker.config.mjs', ...(incremental ? ['--incremental'] : [])], {
    stdio: 'inherit',
    env: { ...process.env, MUTATION_AREA: name },
  });
  const seconds = Math.round((Date.now() - started) / 1000);
  if (run.status !== 0) {
    results.push({ name, seconds, failed: `stryker exited ${run.status}` });
    continue;
  }
  results.push({ name, seconds, ...score(`reports/mutation/${name}.json`) });
}

const rows = results.map((r) =>
  r.failed
    ? `| ${r.name} | run failed (${r.failed}) | | | | | ${r.seconds} s |`
    : `| ${r.name} | ${r.score.toFixed(1)} % | ${r.detected} / ${r.valid} | ${r.Survived} | ${r.NoCoverage} | ${r.Ignored} | ${r.seconds} s |`,
);
const table = ['| area | score | killed / valid | survived | no coverage | disabled | time |', '|---|---|---|---|---|---|---|', ...rows].join('\n');
const machine = `${os.cpus().length} cores, Node ${process.versions.node}`;
mkdirSync('reports/mutation', { recursive: true });
writeFileSync(
  'reports/mutation/latest.md',
  `# Mutation testing, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC\n\n${machine}; required: ${requiredScore} % per area${incremental ? '; incremental run' : ''}.\n\n${table}\n`,
);
console.log(`\n${table}\n\n(${machine}; written to reports/mutation/latest.md)`);

const failing = results.filter((r) => r.failed || r.score < requiredScore);
if (failing.length > 0) {
  console.error(`\nbelow ${requiredScore} % or failed: ${failing.map((r) => r.name).join(', ')}`);
  process.exit(1);
}
