import {
  ClassBook,
  ClassCancel,
  ClassCancelResult,
  ClassCheckIn,
  ClassDetail,
  ClassListQuery,
  ClassBookResult,
  ClassRestoreResult,
  ClassSpotResult,
  ClassSummary,
  IdParams,
  page,
} from '@studio/shared';
import { defineRoute, ok } from '../../http/route.js';
import { bookClass } from './book.js';
import { cancelClassSpot } from './cancel.js';
import { checkInToClass } from './check-in.js';
import { restoreClass } from './restore.js';
import { classDetail, listClasses } from './timetable.js';

const keyed = ['idempotency_key_reused', 'idempotency_key_in_use'] as const;
const where = ['resource_missing', 'location_not_allowed'] as const;

export const classRoutes = [
  defineRoute({
    method: 'GET',
    path: '/classes',
    operationId: 'listClasses',
    summary: 'The class timetable',
    description:
      'Classes starting in [`from`, `to`), earliest first, cancelled ones included with `status: "cancelled"`. `from` defaults to now, `to` to `from` + 7 days and may be at most 31 days after it; a bare date is local midnight at `location_id` (or the key\'s only location). `booked` counts reserved and checked-in spots; an open waitlist offer holds its spot, so `spots_left` is `capacity - booked - open offers`. A business that runs no classes gets an empty list.',
    tag: 'Classes',
    scopes: ['read:classes'],
    query: ClassListQuery,
    responses: { 200: { description: 'A page of classes', schema: page(ClassSummary) } },
    errors: where,
    handler: async ({ db, actor, query, cursors }) => ok(await listClasses(db, actor, query, cursors)),
  }),
  defineRoute({
    method: 'GET',
    path: '/classes/:id',
    operationId: 'getClass',
    summary: 'A class with its roster and waitlist',
    description: 'The roster in booking order, cancelled spots kept with their status; the waitlist holds the entries still queued (`waiting`, `offered`) by position.',
    tag: 'Classes',
    scopes: ['read:classes'],
    params: IdParams,
    responses: { 200: { description: 'The class', schema: ClassDetail } },
    errors: where,
    handler: async ({ db, actor, params }) => ok(await classDetail(db, actor, params.id)),
  }),
  defineRoute({
    method: 'POST',
    path: '/classes/:id/book',
    operationId: 'bookClass',
    summary: 'Book a contact into a class',
    description: [
      'Rules in this order: a cancelled class is 409 `class_cancelled`; a contact already holding a spot gets 200 with `already_booked: true` and nothing changes;',
      'a class that has started, inside the signup cutoff, beyond the booking horizon, over the daily maximum (by the local day the class starts) or first-timers-only for a returning contact is 422 `booking_rule`;',
      'no free spot is 409 `class_full`, decided under a lock on the class so capacity holds under any concurrency;',
      'then `paid_by`: a membership covering the service with allowance left (its weekly class limit counted over the Monday-to-Sunday local week of the class start, counting reserved, checked-in and unexcused late-cancelled spots), else a package credit, else a free class of the service, else `none` when the service needs no entitlement or `allow_without_entitlement` is true, else 422 `entitlement_required`.',
      'A contact holding an open waitlist offer takes the spot held for them. A new spot answers 201.',
    ].join(' '),
    tag: 'Classes',
    scopes: ['write:classes'],
    params: IdParams,
    body: ClassBook,
    idempotent: true,
    responses: { 201: { description: 'The new spot', schema: ClassBookResult }, 200: { description: 'The contact already holds a spot', schema: ClassBookResult } },
    errors: [...where, 'class_cancelled', 'booking_rule', 'class_full', 'entitlement_required', ...keyed],
    handler: async ({ db, actor, params, body }) => {
      const result = await bookClass(db, actor, params.id, body);
      return { status: result.already_booked ? 200 : 201, body: result };
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/classes/:id/cancel',
    operationId: 'cancelClassSpot',
    summary: "Release a contact's spot",
    description:
      '`late` when now >= start - the location\'s cancellation window; a late cancel consumes the covering credit (a membership visit or package credit recorded as a visit flagged `late_cancel`, or the free class) unless `excuse` is true. The freed spot goes to the first eligible waiting contact: promoted at once when the class is further off than the location\'s offer cutoff, else offered until `offer_expires_at`; never after the start. Cancelling again answers 200 unchanged; a checked-in spot is 409 `booking_not_active`; a contact not on the roster is 404 `resource_missing` with `param: "contact_id"`.',
    tag: 'Classes',
    scopes: ['write:classes'],
    params: IdParams,
    body: ClassCancel,
    idempotent: true,
    responses: { 200: { description: 'The released spot', schema: ClassCancelResult } },
    errors: [...where, 'booking_not_active', ...keyed],
    handler: async ({ db, actor, params, body }) => ok(await cancelClassSpot(db, actor, params.id, body)),
  }),
  defineRoute({
    method: 'POST',
    path: '/classes/:id/check-in',
    operationId: 'checkInToClass',
    summary: 'Check a booked contact in',
    description:
      "Consumes the covering membership visit or package credit once, recorded as a visit of kind `class` in the membership's visits; checking in again answers the same result. No reserved spot: 409 `not_booked`. Check-in is open from the location's `classes.checkin_opens_minutes_before` (default 30) before the start until `classes.checkin_closes_minutes_after` (default 15) after it, both edges included, judged at `checked_in_at`: outside it 422 `checkin_window`, whose message says when it opens or closed in the location's time and whose `opens_at`/`closes_at` give the edges; an offline report outside it is recorded with the visit flag `outside_checkin_window`. The location's check-in alerts (`past_due`, `form_missing`, `no_card`) set to block refuse with 422 `checkin_blocked` and `reasons`, judged on the covering membership, else the contact's best membership. A device reporting a check-in late (a kiosk after an outage) sends `checked_in_at` (the real time, more than 5 minutes ahead is 400 `invalid_param`; the roster, the visit and the alerts use it), `source`, `device_id` and `offline: true`, all recorded on the visit. Unlike a facility visit, an offline report is still refused by a blocking alert or a spot gone meanwhile: no door opened, and the device keeps the refusal for staff.",
    tag: 'Classes',
    scopes: ['write:classes'],
    params: IdParams,
    body: ClassCheckIn,
    idempotent: true,
    responses: { 200: { description: 'The checked-in spot', schema: ClassSpotResult } },
    errors: [...where, 'class_cancelled', 'not_booked', 'checkin_window', 'checkin_blocked', ...keyed],
    handler: async ({ db, actor, params, body }) => ok(await checkInToClass(db, actor, params.id, body)),
  }),
  defineRoute({
    method: 'POST',
    path: '/classes/:id/restore',
    operationId: 'restoreClass',
    summary: 'Restore a cancelled class (extension)',
    description: [
      'An extension to the specification, to undo a class cancelled by mistake (cancelling a whole class is a setup operation, `studio classes cancel`).',
      'Only while the class is ahead: from its start on, 422 `booking_rule`. The class is scheduled again; the spots its cancellation released are reserved again as they were booked (same `paid_by`, no booking rule asked again) and listed in `restored`; spots their contacts had cancelled themselves stay cancelled; waitlist entries the cancellation ended queue again in their order, and free spots go to the waitlist as after a cancel.',
      'If the capacity was lowered below the released spots meanwhile: 409 `class_full`, nothing changed. No credit was used by the cancellation, so none is given back.',
      'Restoring a class that is not cancelled answers 200 with `already_scheduled: true` and changes nothing.',
    ].join(' '),
    tag: 'Classes',
    scopes: ['write:classes'],
    params: IdParams,
    idempotent: true,
    responses: { 200: { description: 'The class, scheduled, with what came back', schema: ClassRestoreResult } },
    errors: [...where, 'booking_rule', 'class_full', ...keyed],
    handler: async ({ db, actor, params }) => ok(await restoreClass(db, actor, params.id)),
  }),
];
