import { appointmentsContracts } from './appointments.js';
import { catalogContracts } from './catalog.js';
import { classesContracts } from './classes.js';
import { contactsContracts } from './contacts.js';
import type { RouteContract } from './contract.js';
import { deskScansContracts } from './desk-scans.js';
import { devicesContracts } from './devices.js';
import { eventsContracts } from './events.js';
import { memberAccountDataContracts } from './member-account-data.js';
import { memberAppointmentsContracts } from './member-appointments.js';
import { memberAuthContracts, webMemberSessionsContracts } from './member-auth.js';
import { memberClassesContracts } from './member-classes.js';
import { memberPassContracts } from './member-pass.js';
import { membersContracts } from './members.js';
import { memberPreferencesContracts } from './member-preferences.js';
import { membershipsContracts } from './memberships.js';
import { pingContracts } from './ping.js';
import { storedValueContracts } from './stored-value.js';
import { visitsContracts } from './visits.js';
import { webAccountsContracts } from './web-accounts.js';
import { webAppointmentsContracts } from './web-appointments.js';
import { webAuthContracts } from './web-auth.js';
import { webClassesContracts } from './web-classes.js';
import { webDeskContracts } from './web-desk.js';
import { webDevelopersContracts } from './web-developers.js';
import { webDevicesContracts } from './web-devices.js';
import { webImportContracts } from './web-import.js';
import { webMessagesContracts } from './web-messages.js';
import { webPassesContracts } from './web-passes.js';
import { webSetupContracts } from './web-setup.js';
import { webTestDataContracts } from './web-test-data.js';
import { webhooksContracts } from './webhooks.js';

export * from './contract.js';
export { MemberMessageList, MemberMessageView } from './web-messages.js';

/** The API's routes (below /v1, and /app/api/v1 for staff), in the OpenAPI document's order. */
const api = {
  ...pingContracts,
  ...catalogContracts,
  ...contactsContracts,
  ...storedValueContracts,
  ...membershipsContracts,
  ...membersContracts,
  ...visitsContracts,
  ...deskScansContracts,
  ...appointmentsContracts,
  ...classesContracts,
  ...eventsContracts,
  ...webhooksContracts,
  ...devicesContracts,
};

/** The web app's own routes, below /app/api. */
const web = {
  ...webAuthContracts,
  ...webAccountsContracts,
  ...webDeskContracts,
  ...webMemberSessionsContracts,
  ...webMessagesContracts,
  ...webAppointmentsContracts,
  ...webClassesContracts,
  ...webDevicesContracts,
  ...webPassesContracts,
  ...webImportContracts,
  ...webDevelopersContracts,
  ...webTestDataContracts,
  ...webSetupContracts,
};

/** Every route of either mount by its operationId: what the server implements and the web app calls. */
export const contracts = { ...api, ...web };

export const apiContracts: readonly RouteContract[] = Object.values(api);
export const webContracts: readonly RouteContract[] = Object.values(web);

/**
 * The members' app's routes, below /m/api with member sessions: kept out of `contracts`, which the
 * staff web app calls, and out of the API's document.
 */
export const memberContracts: readonly RouteContract[] = [
  ...Object.values(memberAuthContracts),
  ...Object.values(memberClassesContracts),
  ...Object.values(memberAppointmentsContracts),
  ...Object.values(memberAccountDataContracts),
  ...Object.values(memberPassContracts),
  ...Object.values(memberPreferencesContracts),
];
export { memberAccountDataContracts, memberAppointmentsContracts, memberAuthContracts, memberPassContracts, memberPreferencesContracts };
