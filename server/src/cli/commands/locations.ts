import type { Command } from 'commander';
import { locationSettings, replaceLocationSettings } from '../../modules/locations/repository.js';
import { LocationSettings } from '../../modules/locations/settings.js';
import { readJsonFile } from '../json-file.js';
import { companyOf } from '../owner.js';
import { CliError, action, printJson, withDatabase } from '../run.js';

/** The file's settings, or every problem as `path: message`. */
async function settingsFile(path: string): Promise<LocationSettings> {
  const parsed = LocationSettings.safeParse(await readJsonFile(path));
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(settings)'}: ${issue.message}`);
  const count = problems.length === 1 ? '1 problem' : `${problems.length} problems`;
  throw new CliError(`${path}: settings refused, nothing was changed (${count}):\n  ${problems.join('\n  ')}`);
}

export function registerLocationCommands(program: Command): void {
  const locations = program.command('locations').description('Locations: the sites of a business and the rules each runs by.');
  locations
    .command('settings')
    .description('Print a location\'s settings, defaults filled in; with --file, replace them (import-format.md lists them).')
    .argument('<id>', 'the location')
    .option('--file <settings.json>', 'the new settings: a file like the printed ones; a field left out takes its default')
    .action(action(async (id: string, options: { file?: string }) => {
      const replacement = options.file === undefined ? undefined : await settingsFile(options.file);
      const settings = await withDatabase(async (db) => {
        const companyId = await companyOf(db, 'locations', id);
        return replacement ? replaceLocationSettings(db, companyId, id, replacement) : locationSettings(db, companyId, id);
      });
      printJson(settings);
    }));
}
