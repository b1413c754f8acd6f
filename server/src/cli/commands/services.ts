import type { Command } from 'commander';
import { createService, listSetupServices, updateService } from '../../modules/setup/services-admin.js';
import { ServiceCreate, ServiceUpdate } from '../../modules/setup/setup-inputs.js';
import { companyOptionHelp, companyScope } from '../support/company-option.js';
import { resolveRef } from '../support/references.js';
import { action, printJson, withDatabase } from '../support/run.js';
import { checkedInput, collect, refsIn, setupScope, wholeNumber } from '../support/setup-options.js';
import { actorOf } from '../support/owner.js';
import type { Db } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';

interface ServiceOptions {
  name?: string;
  kind?: string;
  duration?: number;
  priceCents?: number;
  bufferBefore?: number;
  bufferAfter?: number;
  room?: string;
  staff?: string[];
  category?: string;
  description?: string;
  requiresEntitlement?: boolean;
  freeClasses?: number;
  firstTimersOnly?: boolean;
  company?: string;
}

const optionOf: Record<string, string> = {
  name: '--name',
  kind: '--kind',
  duration_minutes: '--duration',
  price_cents: '--price-cents',
  buffer_before_minutes: '--buffer-before',
  buffer_after_minutes: '--buffer-after',
  room_id: '--room',
  staff_ids: '--staff',
  category: '--category',
  description: '--description',
  free_classes: '--free-classes',
};

async function fields(db: Db, actor: Actor, options: ServiceOptions) {
  return {
    name: options.name,
    kind: options.kind,
    duration_minutes: options.duration,
    price_cents: options.priceCents,
    buffer_before_minutes: options.bufferBefore,
    buffer_after_minutes: options.bufferAfter,
    room_id: options.room === undefined ? undefined : await resolveRef(db, 'room', options.room, { companyId: actor.companyId }),
    staff_ids: await refsIn(db, actor, 'staff', options.staff),
    category: options.category,
    description: options.description,
    requires_entitlement: options.requiresEntitlement,
    free_classes: options.freeClasses,
    first_timers_only: options.firstTimersOnly,
  };
}

/** The options create and update share; update takes each as optional. */
function serviceOptions(command: Command): Command {
  return command
    .option('--buffer-before <minutes>', 'minutes kept free before it (appointments)', wholeNumber('--buffer-before'))
    .option('--buffer-after <minutes>', 'minutes kept free after it (appointments)', wholeNumber('--buffer-after'))
    .option('--room <room>', 'the room it takes: its id or name')
    .option('--staff <staff>', 'a qualified staff member: id, email or name; repeat for several (update: replaces the list)', collect)
    .option('--category <text>', 'a category for lists, e.g. "Massage"')
    .option('--description <text>', 'a description')
    .option('--requires-entitlement', 'classes: booking needs a membership or package covering it')
    .option('--free-classes <count>', 'classes: how many a newcomer may book free', wholeNumber('--free-classes'))
    .option('--first-timers-only', 'classes: only for contacts who never came')
    .option('--company <company>', companyOptionHelp);
}

/** `studio services create|update|list`: appointments and classes, as Setup -> Services. */
export function registerServiceCommands(program: Command): void {
  const services = program.command('services').description('Services: the appointments and classes a location offers.');
  serviceOptions(
    services
      .command('create')
      .description('Create an appointment or class service at a location; prints it with its staff ids.')
      .requiredOption('--location <location>', 'the location: its id, slug or name')
      .requiredOption('--name <name>', 'its name, e.g. "Deep Tissue Massage"')
      .requiredOption('--kind <kind>', 'appointment or class')
      .requiredOption('--duration <minutes>', 'its length in minutes', wholeNumber('--duration'))
      .requiredOption('--price-cents <cents>', 'its price in minor units (cents)', wholeNumber('--price-cents')),
  ).action(
    action(async (options: ServiceOptions & { location: string }) => {
      printJson(
        await withDatabase(async (db) => {
          const { actor, locationId } = await setupScope(db, options.location, options.company);
          const input = checkedInput(ServiceCreate, { location_id: locationId, ...(await fields(db, actor, options)) }, optionOf);
          return createService(db, actor, input);
        }),
      );
    }),
  );
  serviceOptions(
    services
      .command('update')
      .description('Change a service; only the options given change. Prints it.')
      .argument('<service>', 'the service: its id or name')
      .option('--name <name>', 'its new name')
      .option('--kind <kind>', 'appointment or class')
      .option('--duration <minutes>', 'its length in minutes', wholeNumber('--duration'))
      .option('--price-cents <cents>', 'its price in minor units', wholeNumber('--price-cents')),
  ).action(
    action(async (service: string, options: ServiceOptions) => {
      printJson(
        await withDatabase(async (db) => {
          const id = await resolveRef(db, 'service', service, await companyScope(db, options.company));
          const row = await db.first(db.qb.selectFrom('services').select('location_id').where('id', '=', id));
          const actor = await actorOf(db, 'locations', row!.location_id);
          return updateService(db, actor, id, checkedInput(ServiceUpdate, await fields(db, actor, options), optionOf));
        }),
      );
    }),
  );
  services
    .command('list')
    .description("List services by name, with their class settings, room and staff: a location's, or the company's.")
    .option('--location <location>', 'only this location: its id, slug or name')
    .option('--company <company>', 'the company: its id, key prefix or name (default: the only one)')
    .action(
      action(async (options: { location?: string; company?: string }) => {
        printJson(
          await withDatabase(async (db) => {
            const { actor, locationId } = await setupScope(db, options.location, options.company);
            return listSetupServices(db, actor, locationId);
          }),
        );
      }),
    );
}
