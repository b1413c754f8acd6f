import type { Command } from 'commander';
import { apiBaseUrl, loadConfig } from '../../config.js';
import { createKey } from '../../modules/keys/repository.js';
import { seedDemo, seedDemoInTest } from '../../modules/setup/demo.js';
import { extendDemoTimetable } from '../../modules/setup/demo-timetable.js';
import { resolveRef } from '../support/references.js';
import { action, CliError, printJson, withDatabase } from '../support/run.js';

export function registerDemoCommand(program: Command): void {
  program
    .command('demo')
    .description('Load the demo business (once) and mint a fresh all-scopes key for it; prints the key and a curl line.')
    .option('--test', 'load it into test mode instead (of the demo company, or of --company) and mint a test key: test data, apart from live data')
    .option('--company <company>', 'with --test: the company whose test mode gets the demo (its id, key prefix or name)')
    .action(
      action(async (options: { test?: boolean; company?: string }) => {
        if (options.company !== undefined && !options.test) throw new CliError('--company goes with --test: the live demo is a company of its own.');
        const environment = options.test ? 'test' : 'live';
        const config = loadConfig();
        const { company_id, key, created } = await withDatabase(async (db) => {
          const live = options.company !== undefined ? { company_id: await resolveRef(db, 'company', options.company), created: false } : await seedDemo(db);
          const demo = environment === 'test' ? await seedDemoInTest(db, live.company_id) : live;
          await extendDemoTimetable(db, demo.company_id);
          const minted = await createKey(db, { companyId: live.company_id, environment, name: 'demo', scopes: 'all', locationIds: 'all' });
          return { ...demo, key: minted.key };
        });
        const curl = `curl -H "Authorization: Bearer ${key}" ${apiBaseUrl(config)}/ping`;
        printJson({ company_id, environment, key, created, curl });
      }),
    );
}
