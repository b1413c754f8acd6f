import { contracts } from '@studio/shared/contracts';
import { implement, ok } from '../../http/route.js';
import { getEvent, listEvents } from './queries.js';

/** What each type's `data` holds: the resource as another operation answers it. */

/** Events, for a reconciliation pass beside webhooks: an extension (docs/api-decisions.md). */
export const eventRoutes = [
  implement(contracts.listEvents, async ({ db, actor, query, cursors }) => ok(await listEvents(db, actor, query, cursors))),
  implement(contracts.getEvent, async ({ db, actor, params }) => ok(await getEvent(db, actor, params.id))),
];
