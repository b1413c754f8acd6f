import type { Command } from 'commander';
import { createRoom } from '../../modules/rooms/repository.js';
import { companyOptionHelp, companyScope } from '../support/company-option.js';
import { actorOf } from '../support/owner.js';
import { resolveRef } from '../support/references.js';
import { action, printJson, withDatabase } from '../support/run.js';

export function registerRoomCommands(program: Command): void {
  const rooms = program.command('rooms').description('Rooms: the spaces services and classes take, so two bookings never share one.');
  rooms
    .command('create')
    .description('Create a room at a location; prints it.')
    .requiredOption('--location <location>', 'the location: its id, slug or name')
    .requiredOption('--name <name>', 'the room\'s name, e.g. "Treatment Room 2"')
    .option('--company <company>', companyOptionHelp)
    .action(
      action(async (options: { location: string; name: string; company?: string }) => {
        printJson(
          await withDatabase(async (db) => {
            const location = await resolveRef(db, 'location', options.location, await companyScope(db, options.company));
            return createRoom(db, await actorOf(db, 'locations', location), location, options.name);
          }),
        );
      }),
    );
}
