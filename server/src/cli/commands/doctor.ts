import type { Command } from 'commander';
import { runChecks } from '../../doctor/checks.js';
import { gatherFacts } from '../../doctor/gather.js';
import { exitCodeOf, formatJson, formatText } from '../../doctor/report.js';
import { action } from '../support/run.js';

export function registerDoctorCommand(program: Command): void {
  program
    .command('doctor')
    .description('Check the installation and say what to fix: database, migrations, disk, permissions, clock, agents. Exit 1 when a check fails. Changes nothing.')
    .option('--json', 'print the checks as JSON')
    .action(
      action(async (options: { json?: boolean }) => {
        const results = runChecks(await gatherFacts());
        process.stdout.write(options.json ? formatJson(results) : formatText(results));
        process.exitCode = exitCodeOf(results);
      }),
    );
}
