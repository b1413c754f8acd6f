import { randomUUID } from 'node:crypto';
import { ApiError, type ClassSummary } from '@studio/shared';
import type { OneOffClassCreate } from '@studio/shared/schemas/web-classes';
import type { Db } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import { systemClock, toIso, type Clock } from '../../clock/time.js';
import { classStartInUtc, storedInstant } from './class-times.js';
import { classSummary } from './class-repository.js';
import { checkPlacement } from './placement.js';
import { requireTimetableRole } from './timetable-roles.js';

/**
 * A class outside any series (a workshop, a make-up class). `start` is wall time at the location
 * ('2026-03-29T10:00', read in its zone; a time the clocks skip is refused) or an RFC 3339 instant;
 * it must lie ahead.
 */
export async function createOneOffClass(db: Db, actor: Actor, input: OneOffClassCreate, clock: Clock = systemClock): Promise<ClassSummary> {
  requireTimetableRole(actor);
  const now = clock();
  return db.transaction(async (sql) => {
    const placed = await checkPlacement(db, sql, actor, input);
    const start = classStartInUtc(input.start, placed.location.timezone);
    if (!start.ok) throw new ApiError('invalid_param', `The ${start.message}; choose another time.`, { param: 'start' });
    if (!start.utc.isValid) throw new ApiError('invalid_param', "Give the start as local time 'YYYY-MM-DDTHH:MM' or an RFC 3339 instant.", { param: 'start' });
    if (start.utc.toMillis() <= now) throw new ApiError('invalid_param', 'That start has already passed; choose a later time.', { param: 'start' });
    const id = randomUUID();
    await sql.run(
      db.qb.insertInto('classes').values({
        id,
        company_id: actor.companyId,
        location_id: placed.location.id,
        service_id: placed.service.id,
        staff_id: placed.staffId,
        room_id: placed.roomId,
        series_id: null,
        start_at: storedInstant(start.utc),
        end_at: storedInstant(start.utc.plus({ minutes: input.duration_minutes ?? placed.service.duration_minutes })),
        capacity: input.capacity,
        status: 'scheduled',
        created_at: toIso(now),
      }),
    );
    return classSummary(db, sql, actor.companyId, id, toIso(now));
  });
}
