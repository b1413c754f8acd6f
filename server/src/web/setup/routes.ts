import { contracts } from '@studio/shared/contracts';
import { createService, listSetupServices, updateService } from '../../modules/setup/services-admin.js';
import { createLocation, listSetupLocations, updateLocation } from '../../modules/setup/locations-admin.js';
import { createPlan, listSetupPlans, updatePlan } from '../../modules/setup/plans-admin.js';
import { listRooms, renameRoom } from '../../modules/rooms/admin.js';
import { createRoom } from '../../modules/rooms/repository.js';
import { createStaffMember, listStaffMembers, updateStaffMember } from '../../modules/setup/staff-members.js';
import { issueGiftCard } from '../../modules/setup/gift-cards-admin.js';
import { createPackageTemplate, listSetupPackages } from '../../modules/setup/packages-admin.js';
import { created, implement, ok } from '../../http/route.js';

/**
 * The setup screens' endpoints, below `/app/api/setup`: locations with their rules, bookable staff,
 * rooms, services, plans, packages and gift cards. The domain services decide who may (setup-role.ts:
 * the owner everything, a manager its locations' settings and rooms, the front desk nothing) and
 * where (the location rule), as for the CLI.
 */
export const setupRoutes = [
  implement(contracts.webSetupLocations, async ({ db, actor }) => ok({ data: await listSetupLocations(db, actor) })),
  implement(contracts.webCreateLocation, async ({ db, actor, body }) => created(await createLocation(db, actor, body))),
  implement(contracts.webUpdateLocation, async ({ db, actor, params, body }) => ok(await updateLocation(db, actor, params.id, body))),
  implement(contracts.webSetupStaff, async ({ db, actor }) => ok({ data: await listStaffMembers(db, actor) })),
  implement(contracts.webCreateStaffMember, async ({ db, actor, body }) => created(await createStaffMember(db, actor, body))),
  implement(contracts.webUpdateStaffMember, async ({ db, actor, params, body }) => ok(await updateStaffMember(db, actor, params.id, body))),
  implement(contracts.webSetupRooms, async ({ db, actor, query }) => ok({ data: await listRooms(db, actor, query.location_id) })),
  implement(contracts.webCreateRoom, async ({ db, actor, body }) => {
    const { company_id: _company, ...room } = await createRoom(db, actor, body.location_id, body.name);
    return created(room);
  }),
  implement(contracts.webRenameRoom, async ({ db, actor, params, body }) => ok(await renameRoom(db, actor, params.id, body.name))),
  implement(contracts.webSetupServices, async ({ db, actor, query }) => ok({ data: await listSetupServices(db, actor, query.location_id) })),
  implement(contracts.webCreateService, async ({ db, actor, body }) => created(await createService(db, actor, body))),
  implement(contracts.webUpdateService, async ({ db, actor, params, body }) => ok(await updateService(db, actor, params.id, body))),
  implement(contracts.webSetupPlans, async ({ db, actor, query }) => ok({ data: await listSetupPlans(db, actor, query.location_id) })),
  implement(contracts.webCreatePlan, async ({ db, actor, body }) => created(await createPlan(db, actor, body))),
  implement(contracts.webUpdatePlan, async ({ db, actor, params, body }) => ok(await updatePlan(db, actor, params.id, body))),
  implement(contracts.webSetupPackages, async ({ db, actor, query }) => ok({ data: await listSetupPackages(db, actor, query.location_id) })),
  implement(contracts.webCreatePackage, async ({ db, actor, body }) => created(await createPackageTemplate(db, actor, body))),
  implement(contracts.webIssueGiftCard, async ({ db, actor, body }) => created(await issueGiftCard(db, actor, body))),
];
