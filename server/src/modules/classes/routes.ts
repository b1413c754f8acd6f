import { contracts } from '@studio/shared/contracts';
import { implement, ok } from '../../http/route.js';
import { bookClass } from './book.js';
import { cancelClassSpot } from './cancel.js';
import { checkInToClass } from './check-in.js';
import { restoreClass } from './restore.js';
import { classDetail, listClasses } from './timetable.js';

export const classRoutes = [
  implement(contracts.listClasses, async ({ db, actor, query, cursors }) => ok(await listClasses(db, actor, query, cursors))),
  implement(contracts.getClass, async ({ db, actor, params }) => ok(await classDetail(db, actor, params.id))),
  implement(contracts.bookClass, async ({ db, actor, params, body }) => {
    const result = await bookClass(db, actor, params.id, body);
    return { status: result.already_booked ? 200 : 201, body: result };
  }),
  implement(contracts.cancelClassSpot, async ({ db, actor, params, body }) => ok(await cancelClassSpot(db, actor, params.id, body))),
  implement(contracts.checkInToClass, async ({ db, actor, params, body }) => ok(await checkInToClass(db, actor, params.id, body))),
  implement(contracts.restoreClass, async ({ db, actor, params }) => ok(await restoreClass(db, actor, params.id))),
];
