import { contracts } from '@studio/shared/contracts';
import { implement, ok } from '../../http/route.js';
import { listCheckinDenials, listLocationVisits } from './location-activity.js';

/** A location's activity over time, for integrators and the front desk: an extension (docs/api-decisions.md). */
export const locationActivityRoutes = [
  implement(contracts.listLocationVisits, async ({ db, actor, query, cursors }) => ok(await listLocationVisits(db, actor, query, cursors))),
  implement(contracts.listCheckinDenials, async ({ db, actor, query, cursors }) => ok(await listCheckinDenials(db, actor, query, cursors))),
];
