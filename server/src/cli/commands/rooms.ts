import type { Command } from 'commander';
import { createRoom } from '../../modules/rooms/repository.js';
import { actorOf } from '../support/owner.js';
import { action, printJson, withDatabase } from '../support/run.js';

export function registerRoomCommands(program: Command): void {
  const rooms = program.command('rooms').description('Rooms: the spaces services and classes take, so two bookings never share one.');
  rooms
    .command('create')
    .description('Create a room at a location; prints it.')
    .requiredOption('--location <id>', 'the location')
    .requiredOption('--name <name>', 'the room\'s name, e.g. "Treatment Room 2"')
    .action(
      action(async (options: { location: string; name: string }) => {
        printJson(await withDatabase(async (db) => createRoom(db, await actorOf(db, 'locations', options.location), options.location, options.name)));
      }),
    );
}
