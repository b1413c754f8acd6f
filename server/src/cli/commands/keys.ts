import { deviceKinds, scopes as knownScopes, type DeviceKind, type Scope } from '@studio/shared';
import type { Command } from 'commander';
import { companyInEnvironment } from '../../modules/companies/environments.js';
import { bindKeyToDevice, createDeviceKey, createKey, listKeys, revokeKey } from '../../modules/keys/repository.js';
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

function parseDeviceKind(value: string): DeviceKind {
  if ((deviceKinds as readonly string[]).includes(value)) return value as DeviceKind;
  throw new CliError(`unknown device kind "${value}"; known kinds: ${deviceKinds.join(', ')}`);
}

export function registerKeyCommands(program: Command): void {
  const keys = program.command('keys').description('API keys: each acts for one company, with scopes and locations.');
  keys
    .command('create')
    .description('Mint a key; prints it with its secret, shown this once.')
    .requiredOption('--company <company>', 'the company the key acts for: its id, key prefix or name')
    .option('--scopes <list>', `comma-separated scopes, or all (${knownScopes.join(', ')}); with --device, scopes beside its kind's (a turnstile agent that also runs the kiosk)`)
    .requiredOption('--locations <list>', 'comma-separated locations (ids, slugs or names), or all (every location, now and later); one location with --device')
    .option('--device <device_id>', "a device key for the agent with this device_id: it alone reports that device's offline check-ins, voids, desk scans and heartbeats")
    .option('--kind <kind>', `with --device: the device's kind (${deviceKinds.join(', ')})`)
    .option('--name <name>', 'a label to recognise the key by')
    .option('--test', "a test-mode key (<prefix>_sk_test_…): it acts on the company's test data only, never on live data")
    .action(
      action(async (options: { company: string; scopes?: string; locations: string; device?: string; kind?: string; name?: string; test?: boolean }) => {
        if (options.device === undefined && options.scopes === undefined) throw new CliError("name the key's scopes (--scopes), or make a device key (--device and --kind)");
        if (options.device !== undefined && options.kind === undefined) throw new CliError(`a device key needs its kind: --kind ${deviceKinds.join('|')}`);
        const locations = listOrAll(options.locations);
        if (options.device !== undefined && (locations === 'all' || locations.length !== 1)) throw new CliError('a device key stands at exactly one location: --locations <one location>');
        const environment = options.test ? 'test' : 'live';
        const { id, key, ...record } = await withDatabase(async (db) => {
          const companyId = await resolveRef(db, 'company', options.company);
          // A test key's locations are the test mode's own (the demo loaded with `studio demo --test`, say).
          const within = { companyId: await companyInEnvironment(db, companyId, environment) };
          const locationIds = locations === 'all' ? locations : await Promise.all(locations.map((location) => resolveRef(db, 'location', location, within)));
          const name = options.name !== undefined ? { name: options.name } : {};
          if (options.device !== undefined) {
            const alsoScopes = options.scopes === undefined ? [] : parseScopes(options.scopes);
            if (alsoScopes === 'all') throw new CliError("a device key holds what its agent needs: name the scopes beside its kind's, not all");
            return createDeviceKey(db, { companyId, environment, locationId: (locationIds as string[])[0]!, deviceId: options.device, kind: parseDeviceKind(options.kind!), alsoScopes, ...name });
          }
          return createKey(db, { companyId, environment, scopes: parseScopes(options.scopes!), locationIds, ...name });
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
  keys
    .command('bind-device')
    .description(
      "Turn a key with checkin:members into a device key without changing its secret, so the agent using it keeps working (docs/upgrading.md): it is limited to the device's one location; its scopes stay as they were.",
    )
    .argument('<key>', 'the key: its id, its last four characters as `keys list` shows them, its name, or the key itself')
    .requiredOption('--device <device_id>', "the agent's device_id, as its config names it (they must match)")
    .requiredOption('--kind <kind>', `the device's kind (${deviceKinds.join(', ')})`)
    .option('--location <location>', 'the location the device stands at (id, slug or name); needed when the key reaches several')
    .option('--company <company>', companyOptionHelp)
    .action(
      action(async (key: string, options: { device: string; kind: string; location?: string; company?: string }) => {
        const kind = parseDeviceKind(options.kind);
        printJson(
          await withDatabase(async (db) => {
            const scope = await companyScope(db, options.company);
            const keyId = await resolveRef(db, 'key', key, scope);
            const companyId = (await db.first(db.qb.selectFrom('api_keys').select('company_id').where('id', '=', keyId)))!.company_id;
            const locationId = options.location === undefined ? undefined : await resolveRef(db, 'location', options.location, { companyId });
            return bindKeyToDevice(db, keyId, { deviceId: options.device, kind, ...(locationId !== undefined && { locationId }) });
          }),
        );
      }),
    );
}
