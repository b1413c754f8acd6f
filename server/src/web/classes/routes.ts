import { contracts } from '@studio/shared/contracts';
import { systemClock, type Clock } from '../../clock/time.js';
import { created, implement, ok } from '../../http/route.js';
import { addToWaitlist, cancelClass, updateClass } from '../../modules/classes/admin.js';
import { bookClass } from '../../modules/classes/book.js';
import { cancelClassSpot } from '../../modules/classes/cancel.js';
import { checkInToClass } from '../../modules/classes/check-in.js';
import { createOneOffClass } from '../../modules/classes/one-off.js';
import { restoreClass } from '../../modules/classes/restore.js';
import { createSeries, listSeries } from '../../modules/classes/series.js';
import { endSeries, extendSeries, updateSeries } from '../../modules/classes/series-change.js';
import { moveWaitlistEntry } from '../../modules/classes/waitlist-order.js';
import { classPage } from '../../modules/classes/class-page.js';
import { timetableOptions, weekTimetable } from '../../modules/classes/week.js';

const where = ['resource_missing', 'location_not_allowed'] as const;
const timetable = [...where, 'role_not_allowed'] as const;

/**
 * The class screens of the staff web app, below `/app/api` (docs/architecture.md, the web app): the
 * week's timetable, series and one-off classes, changed by an owner or a manager (the services check it
 * before anything is read: the front desk is refused the same here and in /app/api/v1); the class page's
 * roster and waitlist, worked by every role at its locations through the API's own services.
 */
export function classWebRoutes(clock: Clock = systemClock) {
  const page = (actor: Parameters<typeof classPage>[1], db: Parameters<typeof classPage>[0], id: string) => classPage(db, actor, id, clock);
  return [
    implement(contracts.webClassWeek, async ({ db, actor, query }) => ok(await weekTimetable(db, actor, query.location_id, query.week, clock))),
    implement(contracts.webClassOptions, async ({ db, actor, query }) => ok(await timetableOptions(db, actor, query.location_id))),
    implement(contracts.webListSeries, async ({ db, actor, query }) => ok({ data: await listSeries(db, actor, query.location_id, clock) })),
    implement(contracts.webCreateSeries, async ({ db, actor, body }) => {
      return created(await createSeries(db, actor, body, clock));
    }),
    implement(contracts.webUpdateSeries, async ({ db, actor, params, body }) => {
      return ok(await updateSeries(db, actor, params.id, body, clock));
    }),
    implement(contracts.webEndSeries, async ({ db, actor, params, body }) => {
      return ok(await endSeries(db, actor, params.id, body, clock));
    }),
    implement(contracts.webExtendSeries, async ({ db, actor, params, body }) => {
      return ok(await extendSeries(db, actor, params.id, body, clock));
    }),
    implement(contracts.webCreateClass, async ({ db, actor, body }) => {
      return created(await createOneOffClass(db, actor, body, clock));
    }),
    implement(contracts.webClassPage, async ({ db, actor, params }) => ok(await page(actor, db, params.id))),
    implement(contracts.webUpdateClass, async ({ db, actor, params, body }) => {
      await updateClass(db, actor, params.id, { ...(body.capacity !== undefined && { capacity: body.capacity }), ...(body.staff_id !== undefined && { staffId: body.staff_id }) }, clock());
      return ok(await page(actor, db, params.id));
    }),
    implement(contracts.webCancelClass, async ({ db, actor, params }) => {
      await cancelClass(db, actor, params.id, clock());
      return ok(await page(actor, db, params.id));
    }),
    implement(contracts.webRestoreClass, async ({ db, actor, params }) => {
      await restoreClass(db, actor, params.id, clock);
      return ok(await page(actor, db, params.id));
    }),
    implement(contracts.webBookClassSpot, async ({ db, actor, params, body }) => {
      const result = await bookClass(db, actor, params.id, body, clock);
      return { status: result.already_booked ? 200 : 201, body: result };
    }),
    implement(contracts.webCancelClassSpot, async ({ db, actor, params, body }) => {
      return ok(await cancelClassSpot(db, actor, params.id, body, clock));
    }),
    implement(contracts.webClassCheckIn, async ({ db, actor, params, body }) => ok(await checkInToClass(db, actor, params.id, { contact_id: body.contact_id }, clock))),
    implement(contracts.webAddToWaitlist, async ({ db, actor, params, body }) => ok(await addToWaitlist(db, actor, params.id, body.contact_id, clock()))),
    implement(contracts.webMoveWaitlistEntry, async ({ db, actor, params, body }) => {
      await moveWaitlistEntry(db, actor, params.id, params.entry, body.direction, clock());
      return ok(await page(actor, db, params.id));
    }),
  ];
}
