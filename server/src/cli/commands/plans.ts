import type { Command } from 'commander';
import type { Db } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import { createPlan, listSetupPlans, updatePlan } from '../../modules/setup/plans-admin.js';
import { PlanCreate, PlanUpdate } from '../../modules/setup/setup-inputs.js';
import { companyOptionHelp, companyScope } from '../support/company-option.js';
import { actorOf } from '../support/owner.js';
import { resolveRef } from '../support/references.js';
import { action, printJson, withDatabase } from '../support/run.js';
import { checkedInput, collect, refsIn, setupScope, wholeNumber } from '../support/setup-options.js';

interface PlanOptions {
  name?: string;
  priceCents?: number;
  billing?: string;
  visitLimit?: number;
  visitPeriod?: string;
  classLimit?: number;
  access?: string[];
  covers?: string[];
  doorConsumes?: string;
  company?: string;
}

const optionOf: Record<string, string> = {
  name: '--name',
  price_cents: '--price-cents',
  billing_interval: '--billing',
  visit_limit: '--visit-limit',
  visit_period: '--visit-period',
  class_limit_per_week: '--class-limit',
  access_location_ids: '--access',
  covered_service_ids: '--covers',
  door_checkin_consumes: '--door-consumes',
};

async function fields(db: Db, actor: Actor, options: PlanOptions) {
  return {
    name: options.name,
    price_cents: options.priceCents,
    billing_interval: options.billing,
    visit_limit: options.visitLimit,
    visit_period: options.visitPeriod,
    class_limit_per_week: options.classLimit,
    access_location_ids: await refsIn(db, actor, 'location', options.access),
    covered_service_ids: await refsIn(db, actor, 'service', options.covers),
    door_checkin_consumes: options.doorConsumes,
  };
}

function planOptions(command: Command): Command {
  return command
    .option('--visit-limit <count>', 'visits allowed per --visit-period (give both or neither)', wholeNumber('--visit-limit'))
    .option('--visit-period <period>', 'day, week or month')
    .option('--class-limit <count>', 'classes a week', wholeNumber('--class-limit'))
    .option('--access <location>', 'a location it admits at: id, slug or name; repeat for several (default: every location)', collect)
    .option('--covers <service>', 'a service it covers: id or name; repeat for several (default: every service)', collect)
    .option('--door-consumes <what>', 'what a door check-in outside a class uses: visit or nothing')
    .option('--company <company>', companyOptionHelp);
}

/** `studio plans create|update|list`: membership plans, as Setup -> Plans. */
export function registerPlanCommands(program: Command): void {
  const plans = program.command('plans').description('Membership plans: what members pay and where and how often they may come.');
  planOptions(
    plans
      .command('create')
      .description('Create a membership plan sold at a location; prints it.')
      .requiredOption('--location <location>', 'the location selling it: id, slug or name')
      .requiredOption('--name <name>', 'its name, e.g. "Unlimited Monthly"')
      .requiredOption('--price-cents <cents>', 'its price in minor units (cents)', wholeNumber('--price-cents'))
      .requiredOption('--billing <interval>', 'weekly, monthly, quarterly, yearly or once'),
  ).action(
    action(async (options: PlanOptions & { location: string }) => {
      printJson(
        await withDatabase(async (db) => {
          const { actor, locationId } = await setupScope(db, options.location, options.company);
          return createPlan(db, actor, checkedInput(PlanCreate, { location_id: locationId, ...(await fields(db, actor, options)) }, optionOf));
        }),
      );
    }),
  );
  planOptions(
    plans
      .command('update')
      .description("Change a plan; only the options given change, and its members' check-ins follow at once. Prints it.")
      .argument('<plan>', 'the plan: its id or name')
      .option('--name <name>', 'its new name')
      .option('--price-cents <cents>', 'its new price in minor units', wholeNumber('--price-cents'))
      .option('--billing <interval>', 'weekly, monthly, quarterly, yearly or once'),
  ).action(
    action(async (plan: string, options: PlanOptions) => {
      printJson(
        await withDatabase(async (db) => {
          const id = await resolveRef(db, 'plan', plan, await companyScope(db, options.company));
          const row = await db.first(db.qb.selectFrom('membership_plans').select('location_id').where('id', '=', id));
          const actor = await actorOf(db, 'locations', row!.location_id);
          return updatePlan(db, actor, id, checkedInput(PlanUpdate, await fields(db, actor, options), optionOf));
        }),
      );
    }),
  );
  plans
    .command('list')
    .description("List membership plans by name: a location's, or the company's.")
    .option('--location <location>', 'only this location: its id, slug or name')
    .option('--company <company>', 'the company: its id, key prefix or name (default: the only one)')
    .action(
      action(async (options: { location?: string; company?: string }) => {
        printJson(
          await withDatabase(async (db) => {
            const { actor, locationId } = await setupScope(db, options.location, options.company);
            return listSetupPlans(db, actor, locationId);
          }),
        );
      }),
    );
}
