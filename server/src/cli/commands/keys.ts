import { scopes as knownScopes, type Scope } from '@studio/shared';
import type { Command } from 'commander';
import { companyInEnvironment } from '../../modules/companies/environments.js';
import { createKey, listKeys, revokeKey } from '../../modules/keys/repository.js';
import { companyOptionHelp, companyScope } from '../support/company-option.js';
import { resolveRef } from '../support/references.js';
import { CliError, action, printJson, withDatabase } from '../support/run.js';

/** A comma-separated list, or the word `all`. */
function listOrAll(value: string): string[] | 'all' {
  if (value.trim() === 'all') return 'all';
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

function parseScopes(value: string): Scope[] | 'all' {
  const requested = listOrAll(value);
  if (requested === 'all') return 'all';
  const unknown = requested.filter((scope) => !(knownScopes as readonly string[]).includes(scope));
  if (unknown.length) {
    throw new CliError(`unknown scope ${unknown.map((scope) => `"${scope}"`).join(', ')}; known scopes: ${knownScopes.join(', ')}, or all`);
  }
  return requested as Scope[];
}

export function registerKeyCommands(program: Command): void {
  const keys = program.command('keys').description('API keys: each acts for one company, with scopes and locations.');
  keys
    .command('create')
    .description('Mint a key; prints it with its secret, shown this once.')
    .requiredOption('--company <company>', 'the company the key acts for: its id, key prefix or name')
    .requiredOption('--scopes <list>', `comma-separated scopes, or all (${knownScopes.join(', ')})`)
    .requiredOption('--locations <list>', 'comma-separated locations (ids, slugs or names), or all (every location, now and later)')
    .option('--name <name>', 'a label to recognise the key by')
    .option('--test', "a test-mode key (<prefix>_sk_test_…): it acts on the company's test data only, never on live data")
    .action(
      action(async (options: { company: string; scopes: string; locations: string; name?: string; test?: boolean }) => {
        const scopes = parseScopes(options.scopes);
        const locations = listOrAll(options.locations);
        const environment = options.test ? 'test' : 'live';
        const { id, key, ...record } = await withDatabase(async (db) => {
          const companyId = await resolveRef(db, 'company', options.company);
          // A test key's locations are the test mode's own (the demo loaded with `studio demo --test`, say).
          const within = { companyId: await companyInEnvironment(db, companyId, environment) };
          const locationIds = locations === 'all' ? locations : await Promise.all(locations.map((location) => resolveRef(db, 'location', location, within)));
          return createKey(db, { companyId, environment, scopes, locationIds, ...(options.name !== undefined && { name: options.name }) });
        });
        printJson({ id, key, ...record });
      }),
    );
  keys
    .command('list')
    .description("List a company's keys, live and test (each with its environment; never their secrets).")
    .requiredOption('--company <company>', 'the company: its id, key prefix or name')
    .action(
      action(async (options: { company: string }) => {
        const list = await withDatabase(async (db) => listKeys(db, await resolveRef(db, 'company', options.company)));
        printJson(list);
      }),
    );
  keys
    .command('revoke')
    .description('Revoke a key; every server process refuses it from its next request.')
    .argument('<key>', 'the key: its id, its last four characters as `keys list` shows them, its name, or the key itself')
    .option('--company <company>', companyOptionHelp)
    .action(
      action(async (key: string, options: { company?: string }) => {
        printJson(await withDatabase(async (db) => revokeKey(db, await resolveRef(db, 'key', key, await companyScope(db, options.company)))));
      }),
    );
}
