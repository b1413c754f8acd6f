import { ClassBookResult, ClassCancelResult, ClassSpotResult, ClassSummary, Id, IdParams } from '@studio/shared';
import {
  ClassChange,
  ClassPage,
  LocationOnlyQuery,
  OneOffClassCreate,
  RosterBook,
  RosterCancel,
  RosterContact,
  SeriesCreate,
  SeriesCreated,
  SeriesEnd,
  SeriesEndResult,
  SeriesExtend,
  SeriesExtendResult,
  SeriesList,
  SeriesUpdate,
  SeriesUpdateResult,
  TimetableOptions,
  WaitlistAdded,
  WaitlistMove,
  WeekQuery,
  WeekTimetable,
} from '@studio/shared/schemas/web-classes';
import { z } from 'zod';
import { systemClock, type Clock } from '../../clock/time.js';
import { created, defineRoute, ok } from '../../http/route.js';
import { addToWaitlist, cancelClass, updateClass } from '../../modules/classes/admin.js';
import { bookClass } from '../../modules/classes/book.js';
import { cancelClassSpot } from '../../modules/classes/cancel.js';
import { checkInToClass } from '../../modules/classes/check-in.js';
import { createOneOffClass } from '../../modules/classes/one-off.js';
import { restoreClass } from '../../modules/classes/restore.js';
import { createSeries, listSeries } from '../../modules/classes/series.js';
import { endSeries, extendSeries, updateSeries } from '../../modules/classes/series-change.js';
import { moveWaitlistEntry } from '../../modules/classes/waitlist-order.js';
import { classPage } from './class-page.js';
import { timetableOptions, weekTimetable } from './week.js';

const where = ['resource_missing', 'location_not_allowed'] as const;
const timetable = [...where, 'role_not_allowed'] as const;
const keyed = ['idempotency_key_reused', 'idempotency_key_in_use'] as const;
const EntryParams = z.strictObject({ id: Id, entry: Id });
const tag = 'Web classes';

/**
 * The class screens of the staff web app, below `/app/api` (docs/architecture.md, the web app): the
 * week's timetable, series and one-off classes, changed by an owner or a manager (the services check it
 * before anything is read: the front desk is refused the same here and in /app/api/v1); the class page's
 * roster and waitlist, worked by every role at its locations through the API's own services.
 */
export function classWebRoutes(clock: Clock = systemClock) {
  const page = (actor: Parameters<typeof classPage>[1], db: Parameters<typeof classPage>[0], id: string) => classPage(db, actor, id, clock);
  return [
    defineRoute({
      method: 'GET',
      path: '/classes/week',
      operationId: 'webClassWeek',
      summary: "A location's classes from Monday to Sunday in its zone, with a note when the clocks change that week",
      tag,
      scopes: ['read:classes'],
      query: WeekQuery,
      responses: { 200: { description: 'The week', schema: WeekTimetable } },
      errors: where,
      handler: async ({ db, actor, query }) => ok(await weekTimetable(db, actor, query.location_id, query.week, clock)),
    }),
    defineRoute({
      method: 'GET',
      path: '/classes/options',
      operationId: 'webClassOptions',
      summary: "The class services, instructors and rooms a location's series and classes may use",
      tag,
      scopes: ['read:classes'],
      query: LocationOnlyQuery,
      responses: { 200: { description: 'The choices', schema: TimetableOptions } },
      errors: where,
      handler: async ({ db, actor, query }) => ok(await timetableOptions(db, actor, query.location_id)),
    }),
    defineRoute({
      method: 'GET',
      path: '/classes/series',
      operationId: 'webListSeries',
      summary: "A location's weekly series",
      tag,
      scopes: ['read:classes'],
      query: LocationOnlyQuery,
      responses: { 200: { description: 'The series', schema: SeriesList } },
      errors: where,
      handler: async ({ db, actor, query }) => ok({ data: await listSeries(db, actor, query.location_id, clock) }),
    }),
    defineRoute({
      method: 'POST',
      path: '/classes/series',
      operationId: 'webCreateSeries',
      summary: 'Create a weekly series and its classes (owner or manager)',
      tag,
      scopes: ['write:classes'],
      body: SeriesCreate,
      responses: { 201: { description: 'The series and how many classes it wrote', schema: SeriesCreated } },
      errors: timetable,
      handler: async ({ db, actor, body }) => {
        return created(await createSeries(db, actor, body, clock));
      },
    }),
    defineRoute({
      method: 'PATCH',
      path: '/classes/series/:id',
      operationId: 'webUpdateSeries',
      summary: "Change a series' instructor, room, capacity or time for its classes ahead; `dry_run` counts first (owner or manager)",
      tag,
      scopes: ['write:classes'],
      params: IdParams,
      body: SeriesUpdate,
      responses: { 200: { description: 'What changed, or would', schema: SeriesUpdateResult } },
      errors: timetable,
      handler: async ({ db, actor, params, body }) => {
        return ok(await updateSeries(db, actor, params.id, body, clock));
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/classes/series/:id/end',
      operationId: 'webEndSeries',
      summary: 'End a series from a day on: unbooked classes removed, booked ones cancelled; `dry_run` counts first (owner or manager)',
      tag,
      scopes: ['write:classes'],
      params: IdParams,
      body: SeriesEnd,
      responses: { 200: { description: 'What changed, or would', schema: SeriesEndResult } },
      errors: timetable,
      handler: async ({ db, actor, params, body }) => {
        return ok(await endSeries(db, actor, params.id, body, clock));
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/classes/series/:id/extend',
      operationId: 'webExtendSeries',
      summary: 'Run a series longer, writing the new days’ classes; `dry_run` counts first (owner or manager)',
      tag,
      scopes: ['write:classes'],
      params: IdParams,
      body: SeriesExtend,
      responses: { 200: { description: 'What changed, or would', schema: SeriesExtendResult } },
      errors: timetable,
      handler: async ({ db, actor, params, body }) => {
        return ok(await extendSeries(db, actor, params.id, body, clock));
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/classes',
      operationId: 'webCreateClass',
      summary: 'Create a one-off class (owner or manager)',
      tag,
      scopes: ['write:classes'],
      body: OneOffClassCreate,
      responses: { 201: { description: 'The class', schema: ClassSummary } },
      errors: timetable,
      handler: async ({ db, actor, body }) => {
        return created(await createOneOffClass(db, actor, body, clock));
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/classes/:id',
      operationId: 'webClassPage',
      summary: 'A class with its roster and waitlist, by name',
      tag,
      scopes: ['read:classes'],
      params: IdParams,
      responses: { 200: { description: 'The class', schema: ClassPage } },
      errors: where,
      handler: async ({ db, actor, params }) => ok(await page(actor, db, params.id)),
    }),
    defineRoute({
      method: 'PATCH',
      path: '/classes/:id',
      operationId: 'webUpdateClass',
      summary: "Change one class's capacity (never below its bookings) or instructor (owner or manager)",
      tag,
      scopes: ['write:classes'],
      params: IdParams,
      body: ClassChange,
      responses: { 200: { description: 'The class', schema: ClassPage } },
      errors: [...timetable, 'booking_rule'],
      handler: async ({ db, actor, params, body }) => {
        await updateClass(db, actor, params.id, { ...(body.capacity !== undefined && { capacity: body.capacity }), ...(body.staff_id !== undefined && { staffId: body.staff_id }) }, clock());
        return ok(await page(actor, db, params.id));
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/classes/:id/cancel',
      operationId: 'webCancelClass',
      summary: 'Cancel a class: its spots released without using a credit, its waitlist ended (owner or manager)',
      tag,
      scopes: ['write:classes'],
      params: IdParams,
      responses: { 200: { description: 'The class', schema: ClassPage } },
      errors: timetable,
      handler: async ({ db, actor, params }) => {
        await cancelClass(db, actor, params.id, clock());
        return ok(await page(actor, db, params.id));
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/classes/:id/restore',
      operationId: 'webRestoreClass',
      summary: 'Restore a cancelled class before it starts, its released spots and waitlist given back (owner or manager)',
      tag,
      scopes: ['write:classes'],
      params: IdParams,
      responses: { 200: { description: 'The class', schema: ClassPage } },
      errors: [...timetable, 'booking_rule', 'class_full'],
      handler: async ({ db, actor, params }) => {
        await restoreClass(db, actor, params.id, clock);
        return ok(await page(actor, db, params.id));
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/classes/:id/book',
      operationId: 'webBookClassSpot',
      summary: 'Book a contact from the roster, by the API’s rules; `allow_without_entitlement` lets one without a covering plan pay at the desk',
      tag,
      scopes: ['write:classes'],
      params: IdParams,
      body: RosterBook,
      idempotent: true,
      responses: { 201: { description: 'The new spot', schema: ClassBookResult }, 200: { description: 'Already booked', schema: ClassBookResult } },
      errors: [...where, 'class_cancelled', 'booking_rule', 'class_full', 'entitlement_required', ...keyed],
      handler: async ({ db, actor, params, body }) => {
        const result = await bookClass(db, actor, params.id, body, clock);
        return { status: result.already_booked ? 200 : 201, body: result };
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/classes/:id/cancel-spot',
      operationId: 'webCancelClassSpot',
      summary: "Release a contact's spot; a late one uses the credit unless excused (excusing: owner or manager)",
      tag,
      scopes: ['write:classes'],
      params: IdParams,
      body: RosterCancel,
      idempotent: true,
      responses: { 200: { description: 'The released spot', schema: ClassCancelResult } },
      errors: [...where, 'booking_not_active', 'role_not_allowed', ...keyed],
      handler: async ({ db, actor, params, body }) => {
        return ok(await cancelClassSpot(db, actor, params.id, body, clock));
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/classes/:id/check-in',
      operationId: 'webClassCheckIn',
      summary: 'Check a booked contact in from the roster: the API’s class check-in (window, alerts, credit), source `staff`',
      tag,
      scopes: ['write:classes'],
      params: IdParams,
      body: RosterContact,
      idempotent: true,
      responses: { 200: { description: 'The checked-in spot', schema: ClassSpotResult } },
      errors: [...where, 'class_cancelled', 'not_booked', 'checkin_window', 'checkin_blocked', ...keyed],
      handler: async ({ db, actor, params, body }) => ok(await checkInToClass(db, actor, params.id, { contact_id: body.contact_id, source: 'staff' }, clock)),
    }),
    defineRoute({
      method: 'POST',
      path: '/classes/:id/waitlist',
      operationId: 'webAddToWaitlist',
      summary: "Put a contact at the end of the class's waitlist; a free spot is given out at once",
      tag,
      scopes: ['write:classes'],
      params: IdParams,
      body: RosterContact,
      responses: { 200: { description: 'The entry', schema: WaitlistAdded } },
      errors: [...where, 'class_cancelled', 'booking_rule'],
      handler: async ({ db, actor, params, body }) => ok(await addToWaitlist(db, actor, params.id, body.contact_id, clock())),
    }),
    defineRoute({
      method: 'POST',
      path: '/classes/:id/waitlist/:entry/move',
      operationId: 'webMoveWaitlistEntry',
      summary: 'Move a waiting contact one place up or down the waitlist',
      tag,
      scopes: ['write:classes'],
      params: EntryParams,
      body: WaitlistMove,
      responses: { 200: { description: 'The class, its waitlist in the new order', schema: ClassPage } },
      errors: where,
      handler: async ({ db, actor, params, body }) => {
        await moveWaitlistEntry(db, actor, params.id, params.entry, body.direction, clock());
        return ok(await page(actor, db, params.id));
      },
    }),
  ];
}
