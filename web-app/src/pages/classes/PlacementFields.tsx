import { NativeSelect } from '@mantine/core';
import type { TimetableOptions } from '@studio/shared/schemas/web-classes';
import { useTranslation } from 'react-i18next';

export interface Placement {
  service_id: string;
  staff_id: string;
  room_id: string;
}

/** Service, instructor and room, as the series form and the one-off class form ask them ('' is none). */
export function PlacementFields({ options, value, onChange, withService = true }: { options: TimetableOptions; value: Placement; onChange: (next: Placement) => void; withService?: boolean }) {
  const { t } = useTranslation('classes');
  const service = options.services.find((s) => s.id === value.service_id);
  const instructors = service && service.staff_ids.length > 0 ? options.instructors.filter((i) => service.staff_ids.includes(i.id)) : options.instructors;
  return (
    <>
      {withService ? (
        <NativeSelect
          label={t('series.class')}
          value={value.service_id}
          onChange={(event) => onChange({ ...value, service_id: event.currentTarget.value })}
          data={[{ value: '', label: t('placement.choose_service') }, ...options.services.map((s) => ({ value: s.id, label: t('placement.service', { name: s.name, minutes: s.duration_minutes }) }))]}
        />
      ) : null}
      <NativeSelect
        label={t('series.instructor')}
        value={value.staff_id}
        onChange={(event) => onChange({ ...value, staff_id: event.currentTarget.value })}
        data={[{ value: '', label: t('no_instructor') }, ...instructors.map((i) => ({ value: i.id, label: i.name }))]}
      />
      <NativeSelect
        label={t('placement.room')}
        value={value.room_id}
        onChange={(event) => onChange({ ...value, room_id: event.currentTarget.value })}
        data={[{ value: '', label: t('placement.service_room') }, ...options.rooms.map((r) => ({ value: r.id, label: r.name }))]}
      />
    </>
  );
}

export const orNull = (id: string) => (id === '' ? null : id);
