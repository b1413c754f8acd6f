import { Command } from 'commander';

export { action } from './support/run.js';

type Register = (program: Command) => void;

/**
 * Every top-level command, by name, with the module that registers it. A command's module (and
 * what it imports: the database, the server, the importer) is loaded only when that command runs,
 * so `studio keys list` does not load Fastify: the CLI starts in a fraction of the time.
 */
const commandModules: Record<string, () => Promise<Register>> = {
  serve: async () => (await import('./commands/serve.js')).registerServeCommand,
  companies: async () => (await import('./commands/companies.js')).registerCompanyCommands,
  import: async () => (await import('./commands/import.js')).registerImportCommand,
  export: async () => (await import('./commands/export.js')).registerExportCommand,
  keys: async () => (await import('./commands/keys.js')).registerKeyCommands,
  locations: async () => (await import('./commands/locations.js')).registerLocationCommands,
  contacts: async () => (await import('./commands/contacts.js')).registerContactCommands,
  memberships: async () => (await import('./commands/memberships.js')).registerMembershipCommands,
  cards: async () => (await import('./commands/cards.js')).registerCardCommands,
  staff: async () => (await import('./commands/staff.js')).registerStaffCommands,
  rooms: async () => (await import('./commands/rooms.js')).registerRoomCommands,
  services: async () => (await import('./commands/services.js')).registerServiceCommands,
  plans: async () => (await import('./commands/plans.js')).registerPlanCommands,
  giftcards: async () => (await import('./commands/giftcards.js')).registerGiftCardCommands,
  bookings: async () => (await import('./commands/bookings.js')).registerBookingCommands,
  availability: async () => (await import('./commands/appointments.js')).registerAvailabilityCommand,
  classes: async () => (await import('./commands/classes.js')).registerClassCommands,
  series: async () => (await import('./commands/series.js')).registerSeriesCommands,
  demo: async () => (await import('./commands/demo.js')).registerDemoCommand,
  'test-data': async () => (await import('./commands/test-data.js')).registerTestDataCommands,
  openapi: async () => (await import('./commands/openapi.js')).registerOpenApiCommand,
  doctor: async () => (await import('./commands/doctor.js')).registerDoctorCommand,
  backup: async () => (await import('./commands/backup.js')).registerBackupCommand,
  restore: async () => (await import('./commands/restore.js')).registerRestoreCommand,
  tls: async () => (await import('./commands/tls.js')).registerTlsCommands,
  accounts: async () => (await import('./commands/accounts.js')).registerAccountCommands,
  find: async () => (await import('./commands/find.js')).registerFindCommand,
  packages: async () => (await import('./commands/packages.js')).registerPackageCommands,
  passes: async () => (await import('./commands/passes.js')).registerPassCommands,
};

/** The command a command line names (`studio keys list --company X` -> `keys`), if any. */
export function commandWord(argv: readonly string[]): string | undefined {
  return argv.slice(2).find((arg) => !arg.startsWith('-'));
}

/** The server commands a command line needs: the one it names, or all of them (help, a typo) for the full list. */
export function serverCommandsFor(argv: readonly string[]): string[] {
  const word = commandWord(argv);
  return word !== undefined && word in commandModules ? [word] : Object.keys(commandModules);
}

/**
 * The server's commands on a program of the given name: `studio-server` (the server's own bin, for
 * an API-only install) or `studio` (the one-box, which adds `setup` and `start`:
 * one-box/src/main.ts). Both share these, so a command added here reaches both. Only `names` are
 * loaded: by default what the command line needs.
 */
export async function studioProgram(
  name = 'studio-server',
  description = 'Check-in API server and business setup. Every command honours DATABASE_URL.',
  names: readonly string[] = serverCommandsFor(process.argv),
): Promise<Command> {
  const program = new Command(name)
    .description(description)
    .showHelpAfterError()
    .exitOverride((error) => process.exit(error.exitCode === 0 ? 0 : 2));
  const registers = await Promise.all(names.map((command) => commandModules[command]!()));
  for (const register of registers) register(program);
  return program;
}
