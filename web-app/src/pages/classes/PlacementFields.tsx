import { NativeSelect } from '@mantine/core';
import type { TimetableOptions } from '@studio/shared/schemas/web-classes';

export interface Placement {
  service_id: string;
  staff_id: string;
  room_id: string;
}

/** Service, instructor and room, as the series form and the one-off class form ask them ('' is none). */
export function PlacementFields({ options, value, onChange, withService = true }: { options: TimetableOptions; value: Placement; onChange: (next: Placement) => void; withService?: boolean }) {
  const service = options.services.find((s) => s.id === value.service_id);
  const instructors = service && service.staff_ids.length > 0 ? options.instructors.filter((i) => service.staff_ids.includes(i.id)) : options.instructors;
  return (
    <>
      {withService ? (
        <NativeSelect
          label="Class"
          value={value.service_id}
          onChange={(event) => onChange({ ...value, service_id: event.currentTarget.value })}
          data={[{ value: '', label: 'Choose a class service' }, ...options.services.map((s) => ({ value: s.id, label: `${s.name} (${s.duration_minutes} min)` }))]}
        />
      ) : null}
      <NativeSelect
        label="Instructor"
        value={value.staff_id}
        onChange={(event) => onChange({ ...value, staff_id: event.currentTarget.value })}
        data={[{ value: '', label: 'No instructor' }, ...instructors.map((i) => ({ value: i.id, label: i.name }))]}
      />
      <NativeSelect
        label="Room"
        value={value.room_id}
        onChange={(event) => onChange({ ...value, room_id: event.currentTarget.value })}
        data={[{ value: '', label: 'The service’s room, or none' }, ...options.rooms.map((r) => ({ value: r.id, label: r.name }))]}
      />
    </>
  );
}

export const orNull = (id: string) => (id === '' ? null : id);
