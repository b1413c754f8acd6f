import { scopes as knownScopes, type Scope } from '@studio/shared';
import type { Command } from 'commander';
import { findCompany } from '../../modules/companies/repository.js';
import { createKey, listKeys, revokeKey } from '../../modules/keys/repository.js';
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
    .requiredOption('--company <id>', 'the company the key acts for')
    .requiredOption('--scopes <list>', `comma-separated scopes, or all (${knownScopes.join(', ')})`)
    .requiredOption('--locations <list>', 'comma-separated location ids, or all (every location, now and later)')
    .option('--name <name>', 'a label to recognise the key by')
    .action(
      action(async (options: { company: string; scopes: string; locations: string; name?: string }) => {
        const scopes = parseScopes(options.scopes);
        const locationIds = listOrAll(options.locations);
        const { id, key, ...record } = await withDatabase((db) => createKey(db, { companyId: options.company, scopes, locationIds, ...(options.name !== undefined && { name: options.name }) }));
        printJson({ id, key, ...record });
      }),
    );
  keys
    .command('list')
    .description("List a company's keys (never their secrets).")
    .requiredOption('--company <id>', 'the company')
    .action(
      action(async (options: { company: string }) => {
        const list = await withDatabase(async (db) => {
          if (!(await findCompany(db, options.company))) throw new CliError(`No company ${options.company}.`);
          return listKeys(db, options.company);
        });
        printJson(list);
      }),
    );
  keys
    .command('revoke')
    .description('Revoke a key; every server process refuses it from its next request.')
    .argument('<id>', 'the key id (not the secret)')
    .action(
      action(async (id: string) => {
        printJson(await withDatabase((db) => revokeKey(db, id)));
      }),
    );
}
