import { Command } from 'commander';
import { resolve } from 'node:path';
import { progressLine } from '@studio/shared/sqlite-backup';
import { backupAgentStore, storePathOf } from './backup.js';

/**
 * `studio-agent backup FILE`: the agent's bin runs this instead of the agent when its first
 * argument is `backup`. Prints JSON like the studio CLI; a refusal is one line on stderr, exit 1.
 */
const program = new Command('studio-agent').showHelpAfterError().exitOverride((error) => process.exit(error.exitCode === 0 ? 0 : 2));

program
  .command('backup')
  .description("Copy the agent's store to FILE while the agent keeps running (SQLite's online backup; mode 600).")
  .argument('<file>', 'where to write the backup (written beside it first, renamed when complete)')
  .option('-c, --config <file>', 'the agent config file naming the store', '/etc/studio-agent/config.json')
  .option('--store <path>', "the store itself, instead of the config's store.path")
  .option('--force', 'replace FILE if it exists')
  .action(async (file: string, options: { config: string; store?: string; force?: boolean }) => {
    const progress = progressLine(process.stderr, 'studio-agent: backup');
    try {
      const store = resolve(options.store ?? storePathOf(options.config));
      const result = await backupAgentStore(store, file, { force: options.force === true, pagesPerStep: 1000, onProgress: progress.update });
      progress.end();
      process.stdout.write(JSON.stringify({ store, backup: result.file, pages: result.pages, bytes: result.bytes }, null, 2) + '\n');
    } catch (error) {
      progress.end();
      const known = (error as Error).name === 'BackupError' || (error as { code?: string }).code === 'SQLITE_NOTADB';
      process.stderr.write(`studio-agent: ${known ? (error as Error).message : ((error as Error).stack ?? String(error))}\n`);
      process.exitCode = 1;
    }
  });

await program.parseAsync(process.argv);
