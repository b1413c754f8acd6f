import { readJsonFile } from '@studio/server/src/cli/support/json-file.js';
import { CliError, action, printJson, withDatabase } from '@studio/server/src/cli/support/run.js';
import { loadConfig } from '@studio/server/src/config.js';
import type { Db } from '@studio/server/src/db/types.js';
import { createKey } from '@studio/server/src/modules/keys/repository.js';
import { printImportProgress } from '@studio/server/src/cli/support/import-progress.js';
import { importInWorker } from '@studio/server/src/modules/setup/import-job.js';
import type { Command } from 'commander';
import { dataOptionHelp, useDataDir } from './data-option.js';
import { boxSettingsFile, readBoxSettings, writeBoxSettings } from './box-settings.js';

interface SetupOptions {
  import?: string;
  business?: string;
  location?: string;
  timezone?: string;
  country?: string;
  at?: string;
  data?: string;
}

/** A URL-safe slug of a name: "Anchor Yoga, Main St" -> "anchor-yoga-main-st". */
function slugOf(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100);
  return slug || 'main';
}

/** The business file a setup imports: the one given, or a business with one location from the flags. */
async function businessFile(options: SetupOptions): Promise<unknown> {
  if (options.import !== undefined) {
    if (options.business !== undefined || options.location !== undefined) throw new CliError('give either --import FILE or --business with --location, not both');
    return readJsonFile(options.import);
  }
  const missing = (['business', 'location', 'timezone', 'country'] as const).filter((flag) => options[flag] === undefined).map((flag) => `--${flag}`);
  if (missing.length)
    throw new CliError(`missing ${missing.join(', ')}: a studio needs a business name, a location name, its time zone (e.g. Europe/Dublin) and its country code (e.g. IE); or give --import FILE`);
  return {
    version: 1,
    company: { name: options.business },
    locations: [{ ref: 'main', name: options.location, slug: slugOf(options.location!), timezone: options.timezone, country: options.country?.toUpperCase() }],
  };
}

/**
 * The file's location the box stands at, by ref: `--at` by ref, slug, name or id, else the file's
 * first. Chosen before anything is imported, so a wrong `--at` changes nothing.
 */
function boxLocationRef(file: unknown, at: string | undefined): { ref: string; name: string } | null {
  const listed = (file as { locations?: unknown } | null)?.locations ?? [];
  // Not a list: the import refuses the file with every problem in it, before writing anything.
  if (!Array.isArray(listed)) return null;
  const locations = listed as { ref: string; slug: string; name: string; id?: string }[];
  if (!locations.length) throw new CliError('the business file has no location: the box needs one to stand at (add one to "locations")');
  const chosen = at === undefined ? locations[0] : locations.find((location) => [location.ref, location.slug, location.name, location.id].includes(at));
  if (!chosen) throw new CliError(`--at ${at}: no such location in the file; its locations: ${locations.map((location) => location.slug).join(', ')}`);
  return { ref: chosen.ref, name: chosen.name };
}

async function setUp(db: Db, file: unknown, at: string | undefined) {
  const box = boxLocationRef(file, at);
  const summary = await importInWorker(db, file, { onProgress: printImportProgress() });
  const location = { id: summary.ids.locations![box!.ref]!, name: box!.name };
  const { id, key, scopes, location_ids } = await createKey(db, { companyId: summary.company_id, name: 'owner (studio setup)', scopes: 'all', locationIds: 'all' });
  return { summary, location, ownerKey: { id, key, scopes, location_ids } };
}

/**
 * `studio setup`: your own studio instead of the demo, once per data folder. Imports the business
 * (a file, or a name and one location from flags), records where the box stands, and mints the
 * owner's key, printed this once.
 */
export function registerSetupCommand(program: Command): void {
  program
    .command('setup')
    .description("Set up your own studio in this box's data folder (once): the business, the location the turnstile and kiosk stand at, and the owner's API key (shown once).")
    .option('--business <name>', 'your business name')
    .option('--location <name>', 'the name of the location this box stands at')
    .option('--timezone <zone>', 'its IANA time zone, e.g. Europe/Dublin')
    .option('--country <code>', 'its ISO country code, e.g. IE')
    .option('--import <file>', 'a whole business file instead (docs/import-format.md): locations, plans, members and their cards, classes')
    .option('--at <location>', "with --import: the location the box stands at (ref, slug or name; default: the file's first)")
    .option('--data <dir>', dataOptionHelp)
    .action(
      action(async (options: SetupOptions) => {
        useDataDir(options.data);
        const { databaseUrl } = loadConfig();
        const existing = readBoxSettings(databaseUrl);
        if (existing) {
          throw new CliError(
            `${boxSettingsFile(databaseUrl)} already sets this box up (${existing.demo ? 'the demo business' : `company ${existing.company_id}`}): to set up another studio, use a new data folder (--data DIR)`,
          );
        }
        const file = await businessFile(options);
        const { summary, location, ownerKey } = await withDatabase((db) => setUp(db, file, options.at));
        writeBoxSettings(databaseUrl, { company_id: summary.company_id, location_id: location.id, demo: false });
        printJson({
          company_id: summary.company_id,
          box_location: location,
          created: summary.created,
          ids: summary.ids,
          owner_key: ownerKey,
          next_steps: [
            'Keep owner_key.key somewhere safe: it is shown this once (mint others with `studio keys create`).',
            `Start the box: studio start${options.data === undefined ? '' : ` --data ${options.data}`}`,
          ],
        });
      }),
    );
}
