import { accountDecisions, type Decision } from './authorization-decisions.js';
import { appointmentDecisions } from './authorization-decisions-appointments.js';
import { classDecisions } from './authorization-decisions-classes.js';
import { deskDecisions } from './authorization-decisions-desk.js';
import { developerDecisions } from './authorization-decisions-developers.js';
import { deviceDecisions } from './authorization-decisions-devices.js';
import { importDecisions } from './authorization-decisions-import.js';
import { memberSessionDecisions } from './authorization-decisions-member-sessions.js';
import { messageSettingsDecisions } from './authorization-decisions-messages.js';
import { passDecisions } from './authorization-decisions-passes.js';
import { setupDecisions } from './authorization-decisions-setup.js';
import { testDataDecisions } from './authorization-decisions-test-data.js';

export type { Decision, Place, Role, Target } from './authorization-decisions.js';

/**
 * Every session route of the web app (/app/api) by operationId, each folder's routes from their own
 * file. A route of `webRoutes` missing here fails the matrix: a new route's rule is a decision, not
 * an accident. A key `operationId variant` ("webDeskCheckIn with override") is a second case of the
 * same route.
 */
export const webDecisions: Record<string, Decision> = {
  ...accountDecisions,
  ...deskDecisions,
  ...memberSessionDecisions,
  ...messageSettingsDecisions,
  ...appointmentDecisions,
  ...classDecisions,
  ...deviceDecisions,
  ...passDecisions,
  ...importDecisions,
  ...developerDecisions,
  ...testDataDecisions,
  ...setupDecisions,
};
