import { classStartInUtc, countWeeklyStarts, storedInstant } from '../classes/class-times.js';
import type { PlanContext, Placed, Row } from './import-context.js';

interface PlacementEntry {
  location: string;
  service: string;
  staff?: string | undefined;
  room?: string | undefined;
  duration_minutes?: number | undefined;
  capacity: number;
}

/** Where, what and with whom a class (or every class of a series) runs, once checked. */
interface Placement {
  zone: string;
  durationMinutes: number;
  columns: Pick<Row<'classes'>, 'company_id' | 'location_id' | 'service_id' | 'staff_id' | 'room_id' | 'capacity'>;
}

/** One-off classes and weekly series, each series with its zone and how many classes it has. */
export function planClasses(ctx: PlanContext): void {
  const place = placer(ctx);
  for (const item of ctx.sections.classes.items) {
    const placement = place(item);
    if (!placement) continue;
    const start = classStartInUtc(item.entry.start, placement.zone);
    if (!start.ok) {
      ctx.problems.add(item.label, start.message);
      continue;
    }
    ctx.rows.classes.push({ ...classRow(ctx, item.id, placement, start.utc.toMillis()), status: item.entry.status });
  }
  for (const item of ctx.sections.class_series.items) {
    const { entry, id, label } = item;
    const placement = place(item);
    if (!placement) continue;
    const count = countWeeklyStarts(entry);
    if (count === 0) ctx.problems.add(label, 'no listed weekday falls between starts_on and ends_on');
    ctx.rows.class_series.push({
      ...placement.columns,
      id,
      weekdays: JSON.stringify([...entry.weekdays].sort((a, b) => a - b)),
      start_time: entry.start_time,
      duration_minutes: placement.durationMinutes,
      starts_on: entry.starts_on,
      ends_on: entry.ends_on,
      created_at: ctx.now,
    });
    // Expanded as they are written (importer.ts): a five-year daily series is 1,826 rows.
    ctx.series.push({ id, zone: placement.zone, classes: count });
  }
}

function classRow(ctx: PlanContext, id: string, placement: Placement, start: number): Row<'classes'> {
  return {
    ...placement.columns,
    id,
    series_id: null,
    start_at: storedInstant(start),
    end_at: storedInstant(start + placement.durationMinutes * 60_000),
    status: 'scheduled',
    created_at: ctx.now,
  };
}

/** Resolves and checks a class's location, service, staff and room; undefined after reporting a problem. */
function placer(ctx: PlanContext) {
  const { locations, services, serviceStaff: qualified } = ctx.known;

  return (item: Placed<PlacementEntry>): Placement | undefined => {
    const { entry, label } = item;
    const location = ctx.resolve('locations', entry.location, item, 'location');
    const service = ctx.resolve('services', entry.service, item, 'service');
    const staff = entry.staff === undefined ? undefined : ctx.resolve('staff', entry.staff, item, 'staff');
    const room = entry.room === undefined ? undefined : ctx.resolve('rooms', entry.room, item, 'room');
    const serviceRow = service && services.get(service.id);
    const serviceId = service?.id;
    if (!location || !serviceRow || (entry.staff !== undefined && !staff) || (entry.room !== undefined && !room)) return undefined;

    const before = ctx.problems.list.length;
    if (serviceRow.kind !== 'class') ctx.problems.add(label, `service "${entry.service}" is an appointment service, not a class`);
    if (serviceRow.location_id !== location.id) ctx.problems.add(label, `service "${entry.service}" is at another location than the class`);
    if (room && ctx.locationOf.get(room.id) !== location.id) ctx.problems.add(label, `room "${entry.room}" is at another location than the class`);
    const instructors = qualified.get(serviceId!);
    if (staff && instructors && !instructors.has(staff.id)) {
      ctx.problems.add(label, `staff "${entry.staff}" is not in the staff list of service "${entry.service}"`);
    }
    if (ctx.problems.list.length > before) return undefined;

    return {
      zone: locations.get(location.id)!.timezone,
      durationMinutes: entry.duration_minutes ?? serviceRow.duration_minutes,
      columns: {
        company_id: ctx.companyId,
        location_id: location.id,
        service_id: serviceId!,
        staff_id: staff?.id ?? null,
        // A class without a room of its own takes its service's room.
        room_id: room?.id ?? serviceRow.room_id ?? null,
        capacity: entry.capacity,
      },
    };
  };
}
