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
import { registerServeCommands } from './commands/serve.js';
import { registerStaffCommands } from './commands/staff.js';

const program = new Command('studio')
  .description('Check-in appliance: API server and business setup. Every command honours DATABASE_URL.')
  .showHelpAfterError()
  .exitOverride((error) => process.exit(error.exitCode === 0 ? 0 : 2));

registerServeCommands(program);
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

await program.parseAsync(process.argv);
