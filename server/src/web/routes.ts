import type { RouteSpec } from '../http/route.js';
import { accountRoutes } from './account-routes.js';
import { authRoutes } from './auth-routes.js';

/** The web app's own endpoints, mounted under /app/api with staff sessions (mount-web.ts). */
export const webRoutes: readonly RouteSpec[] = [...authRoutes, ...accountRoutes];
