import type { Command } from 'commander';
import { apiBaseUrl, loadConfig } from '../../config.js';
import { createKey } from '../../modules/keys/repository.js';
import { seedDemo } from '../../modules/setup/demo.js';
import { extendDemoTimetable } from '../../modules/setup/demo-timetable.js';
import { action, printJson, withDatabase } from '../support/run.js';

export function registerDemoCommand(program: Command): void {
  program
    .command('demo')
    .description('Load the demo business (once) and mint a fresh all-scopes key for it; prints the key and a curl line.')
    .action(
      action(async () => {
        const config = loadConfig();
        const { company_id, key, created } = await withDatabase(async (db) => {
          const demo = await seedDemo(db);
          await extendDemoTimetable(db, demo.company_id);
          const minted = await createKey(db, { companyId: demo.company_id, name: 'demo', scopes: 'all', locationIds: 'all' });
          return { ...demo, key: minted.key };
        });
        const curl = `curl -H "Authorization: Bearer ${key}" ${apiBaseUrl(config)}/ping`;
        printJson({ company_id, key, created, curl });
      }),
    );
}
