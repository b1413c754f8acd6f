import type { RouteSpec } from '../http/route.js';
import { appointmentRoutes } from './appointments/routes.js';
import { catalogRoutes } from './catalog/routes.js';
import { classRoutes } from './classes/routes.js';
import { contactRoutes } from './contacts/routes.js';
import { deskScanRoutes } from './desk-scans/routes.js';
import { memberRoutes } from './members/routes.js';
import { membershipRoutes } from './memberships/routes.js';
import { pingRoutes } from './ping/routes.js';
import { storedValueRoutes } from './stored-value/routes.js';
import { locationActivityRoutes } from './visits/routes.js';

/** Every API route: mounted by the app and described by the OpenAPI document from this one list. */
export const apiRoutes: readonly RouteSpec[] = [
  ...pingRoutes,
  ...catalogRoutes,
  ...contactRoutes,
  ...storedValueRoutes,
  ...membershipRoutes,
  ...memberRoutes,
  ...locationActivityRoutes,
  ...deskScanRoutes,
  ...appointmentRoutes,
  ...classRoutes,
];
