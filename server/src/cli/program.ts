import { Command } from 'commander';
import { registerBackupCommands } from './commands/backup.js';
import { registerBookingCommands } from './commands/bookings.js';
import { registerCardCommands } from './commands/cards.js';
import { registerClassCommands } from './commands/classes.js';
import { registerCompanyCommands } from './commands/companies.js';
import { registerContactCommands } from './commands/contacts.js';
import { registerDemoCommand } from './commands/demo.js';
import { registerDoctorCommand } from './commands/doctor.js';
import { registerImportCommand } from './commands/import.js';
import { registerKeyCommands } from './commands/keys.js';
import { registerLocationCommands } from './commands/locations.js';
import { registerMembershipCommands } from './commands/memberships.js';
import { registerOpenApiCommand } from './commands/openapi.js';
import { registerRoomCommands } from './commands/rooms.js';
import { registerServeCommand } from './commands/serve.js';
import { registerStaffCommands } from './commands/staff.js';
import { registerTlsCommands } from './commands/tls.js';

export { action } from './support/run.js';

/**
 * The server's commands on a program of the given name: `studio-server` (the server's own bin, for
 * an API-only install) or `studio` (the one-box, which adds `start`: one-box/src/main.ts). Both
 * share these, so a command added here reaches both.
 */
export function studioProgram(name = 'studio-server', description = 'Check-in API server and business setup. Every command honours DATABASE_URL.'): Command {
  const program = new Command(name)
    .description(description)
    .showHelpAfterError()
    .exitOverride((error) => process.exit(error.exitCode === 0 ? 0 : 2));

  registerServeCommand(program);
  registerCompanyCommands(program);
  registerImportCommand(program);
  registerKeyCommands(program);
  registerLocationCommands(program);
  registerContactCommands(program);
  registerMembershipCommands(program);
  registerCardCommands(program);
  registerStaffCommands(program);
  registerRoomCommands(program);
  registerBookingCommands(program);
  registerClassCommands(program);
  registerDemoCommand(program);
  registerOpenApiCommand(program);
  registerDoctorCommand(program);
  registerBackupCommands(program);
  registerTlsCommands(program);
  return program;
}
