import { randomUUID } from 'node:crypto';
import { overrideRows, timeOffRow } from '../staff/schedule.js';
import type { PlanContext } from './import-context.js';

/**
 * Staff with their weekly hours, date overrides and time off. An override may be at any location
 * of the file, not only where the staff member has weekly hours: covering a day at another branch
 * is what overrides are for.
 */
export function planStaff(ctx: PlanContext): void {
  for (const item of ctx.sections.staff.items) {
    const { entry, id, label } = item;
    ctx.rows.staff.push({
      id,
      company_id: ctx.companyId,
      first_name: entry.first_name,
      last_name: entry.last_name ?? null,
      email: entry.email ?? null,
      created_at: ctx.now,
    });
    entry.hours.forEach((hours, index) => {
      const location = ctx.resolve('locations', hours.location, item, `hours[${index}].location`);
      if (!location) return;
      ctx.rows.staff_hours.push({ id: randomUUID(), staff_id: id, location_id: location.id, weekday: hours.weekday, start_time: hours.start, end_time: hours.end });
    });

    // One entry per date and location, so the day's spans are read in one place, never merged.
    const overridden = new Map<string, number>();
    entry.overrides.forEach((override, index) => {
      const location = ctx.resolve('locations', override.location, item, `overrides[${index}].location`);
      if (!location) return;
      const key = `${location.id} ${override.date}`;
      const earlier = overridden.get(key);
      if (earlier !== undefined) {
        ctx.problems.add(`${label}.overrides[${index}]`, `${override.date} at location "${override.location}" is already overridden by overrides[${earlier}]; merge their spans into one entry`);
        return;
      }
      overridden.set(key, index);
      ctx.rows.staff_overrides.push(...overrideRows(id, location.id, override.date, override.spans));
    });

    for (const off of entry.time_off) ctx.rows.staff_time_off.push(timeOffRow(id, off));
  }
}
