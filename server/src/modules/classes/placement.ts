import { ApiError } from '@studio/shared';
import type { Db, Queryable } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import { requireLocation, type LocationRow } from '../locations/lookup.js';

export interface PlacementInput {
  location_id: string;
  service_id: string;
  staff_id?: string | null | undefined;
  room_id?: string | null | undefined;
}

export interface CheckedPlacement {
  location: LocationRow;
  service: { id: string; name: string; duration_minutes: number; room_id: string | null };
  staffId: string | null;
  roomId: string | null;
}

/**
 * Where, what and with whom a class (or every class of a series) runs, checked for the actor: the
 * location (404 another company's, 403 outside the actor's), a class service of that location, an
 * instructor of the company (one the service lists, when it lists any) and a room of the location.
 * A class without a room of its own takes its service's, as the import does.
 */
export async function checkPlacement(db: Db, sql: Queryable, actor: Actor, input: PlacementInput): Promise<CheckedPlacement> {
  const location = await requireLocation(db, sql, actor, input.location_id);
  const service = await sql.first(
    db.qb.selectFrom('services').select(['id', 'name', 'kind', 'location_id', 'duration_minutes', 'room_id']).where('id', '=', input.service_id).where('company_id', '=', actor.companyId),
  );
  if (!service) throw new ApiError('resource_missing', `No service ${input.service_id} in this business.`, { param: 'service_id' });
  if (service.kind !== 'class') throw new ApiError('invalid_param', `"${service.name}" is an appointment service; choose a class service.`, { param: 'service_id' });
  if (service.location_id !== location.id) throw new ApiError('invalid_param', `"${service.name}" runs at another location; choose a service of ${location.name}.`, { param: 'service_id' });
  const staffId = input.staff_id ?? null;
  if (staffId !== null) await checkInstructor(db, sql, actor.companyId, service, staffId);
  const roomId = input.room_id ?? null;
  if (roomId !== null) {
    const room = await sql.first(db.qb.selectFrom('rooms').select(['id', 'location_id']).where('id', '=', roomId).where('company_id', '=', actor.companyId));
    if (!room) throw new ApiError('resource_missing', `No room ${roomId} in this business.`, { param: 'room_id' });
    if (room.location_id !== location.id) throw new ApiError('invalid_param', `That room is at another location; choose a room of ${location.name}.`, { param: 'room_id' });
  }
  return { location, service, staffId, roomId: roomId ?? service.room_id };
}

/** An instructor of the company; when the service lists its staff, one of them. */
export async function checkInstructor(db: Db, sql: Queryable, companyId: string, service: { id: string; name: string }, staffId: string): Promise<void> {
  const staff = await sql.first(db.qb.selectFrom('staff').select('id').where('id', '=', staffId).where('company_id', '=', companyId));
  if (!staff) throw new ApiError('resource_missing', `No staff member ${staffId} in this business.`, { param: 'staff_id' });
  const listed = await sql.all(db.qb.selectFrom('service_staff').select('staff_id').where('service_id', '=', service.id));
  if (listed.length > 0 && !listed.some((row) => row.staff_id === staffId)) {
    throw new ApiError('invalid_param', `That instructor does not teach "${service.name}"; choose one of its staff.`, { param: 'staff_id' });
  }
}
