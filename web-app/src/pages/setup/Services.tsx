import { Button, Checkbox, Group, NativeSelect, NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { webSetupContracts } from '@studio/shared/contracts/web-setup';
import type { SessionLocation } from '@studio/shared/web-app';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedIn } from '../../api/session.ts';
import { useSetupRooms, useSetupSave, useSetupStaff, type Room, type SetupService, type StaffMember } from '../../api/setup.ts';
import { Dialog } from '../../components/Dialog.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { formatMoney } from '../../format/money.ts';
import { exampleAmount, fromMinorUnits, toMinorUnits } from '../../format/money-input.ts';
import { useLocale } from '../../i18n/locale.ts';
import { useLocation } from '../../shell/location.ts';
import { errorFor, formError, SetupFrame } from './SetupFrame.tsx';
import { SetupTable } from './SetupPieces.tsx';

const staffName = (member: StaffMember) => [member.first_name, member.last_name].filter(Boolean).join(' ');

/** Setup -> Services at the chosen location: appointments and classes, with what a class needs to be booked. */
export function ServicesPage() {
  const { t } = useTranslation('setup');
  const session = useSignedIn();
  const [location] = useLocation(session);
  const locale = useLocale(location);
  const owner = session.account.role === 'owner';
  const rooms = useSetupRooms(location.id);
  const staff = useSetupStaff();
  const [editing, setEditing] = useState<SetupService | 'new' | null>(null);
  const roomName = (id: string | null) => rooms.data?.data.find((room) => room.id === id)?.name ?? '';
  return (
    <SetupFrame title={t('services.title')} intro={t('services.intro', { location: location.name })} action={owner ? <Button onClick={() => setEditing('new')}>{t('services.add')}</Button> : null}>
      <SetupTable
        label={t('services.title')}
        list={webSetupContracts.webSetupServices}
        query={{ location_id: location.id }}
        columns={[
          { header: t('name'), strong: true, cell: (service) => service.name },
          { header: t('services.kind'), cell: (service) => t(`services.kind.${service.kind}`) },
          { header: t('services.length'), cell: (service) => t('services.minutes', { count: service.duration_minutes }) },
          { header: t('price'), numeric: true, cell: (service) => formatMoney(service.price_cents, location.currency, locale) },
          { header: t('services.room'), cell: (service) => roomName(service.room_id) },
        ]}
        action={
          owner
            ? {
                header: t('actions'),
                cell: (service) => (
                  <Button size="xs" variant="default" onClick={() => setEditing(service)} aria-label={t('edit_named', { name: service.name })}>
                    {t('edit')}
                  </Button>
                ),
              }
            : null
        }
        empty={t('services.empty', { location: location.name })}
      />
      {editing ? (
        <ServiceDialog
          service={editing === 'new' ? null : editing}
          location={location}
          locale={locale}
          rooms={rooms.data?.data ?? []}
          staff={staff.data?.data ?? []}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </SetupFrame>
  );
}

const numberFields = ['duration_minutes', 'buffer_before_minutes', 'buffer_after_minutes', 'free_classes'] as const;
const shownParams = ['name', 'kind', 'price_cents', 'room_id', 'staff_ids', 'category', 'description', ...numberFields];

function ServiceDialog({
  service,
  location,
  locale,
  rooms,
  staff,
  onClose,
}: {
  service: SetupService | null;
  location: SessionLocation;
  locale: string;
  rooms: Room[];
  staff: StaffMember[];
  onClose: () => void;
}) {
  const { t } = useTranslation('setup');
  const [values, setValues] = useState({
    name: service?.name ?? '',
    kind: service?.kind ?? 'appointment',
    price: service ? fromMinorUnits(service.price_cents, location.currency) : '',
    category: service?.category ?? '',
    description: service?.description ?? '',
    room_id: service?.room_id ?? '',
    staff_ids: service?.staff_ids ?? [],
    requires_entitlement: service?.requires_entitlement ?? false,
    first_timers_only: service?.first_timers_only ?? false,
  });
  const [numbers, setNumbers] = useState<Record<(typeof numberFields)[number], number | string>>({
    duration_minutes: service?.duration_minutes ?? 60,
    buffer_before_minutes: service?.buffer_before_minutes ?? 0,
    buffer_after_minutes: service?.buffer_after_minutes ?? 0,
    free_classes: service?.free_classes ?? 0,
  });
  const [priceError, setPriceError] = useState<string | null>(null);
  const save = useSetupSave({ create: webSetupContracts.webCreateService, update: webSetupContracts.webUpdateService, id: service?.id });
  const fieldError = (param: string) => errorFor(save.error, param);
  const number = (field: (typeof numberFields)[number], label: string) => (
    <NumberInput label={label} value={numbers[field]} allowDecimal={false} allowNegative={false} onChange={(value) => setNumbers({ ...numbers, [field]: value })} error={fieldError(field)} />
  );
  function submit(event: React.FormEvent) {
    event.preventDefault();
    const price = toMinorUnits(values.price, location.currency);
    if (price === null) {
      setPriceError(t('price_hint', { currency: location.currency, example: exampleAmount(45, location.currency, locale) }));
      return;
    }
    setPriceError(null);
    const text = (value: string) => (value.trim() === '' ? (service ? null : undefined) : value.trim());
    const body = {
      ...(service ? {} : { location_id: location.id }),
      name: values.name,
      kind: values.kind,
      price_cents: price,
      category: text(values.category),
      description: text(values.description),
      room_id: values.room_id || (service ? null : undefined),
      staff_ids: values.staff_ids,
      requires_entitlement: values.requires_entitlement,
      first_timers_only: values.first_timers_only,
      ...Object.fromEntries(numberFields.map((field) => [field, typeof numbers[field] === 'number' ? numbers[field] : null])),
    };
    save.mutate(body, { onSuccess: onClose });
  }
  return (
    <Dialog opened onClose={onClose} title={service ? t('edit_named', { name: service.name }) : t('services.add')} size="xl">
      <form onSubmit={submit} noValidate>
        <Stack>
          <ErrorAlert error={formError(save.error, shownParams)} />
          <SimpleGrid cols={2}>
            <TextInput label={t('services.name')} value={values.name} onChange={(e) => setValues({ ...values, name: e.currentTarget.value })} error={fieldError('name')} data-autofocus />
            <NativeSelect
              label={t('services.kind')}
              data={[
                { value: 'appointment', label: t('services.kind.appointment') },
                { value: 'class', label: t('services.kind.class') },
              ]}
              value={values.kind}
              onChange={(e) => setValues({ ...values, kind: e.currentTarget.value as 'class' })}
              error={fieldError('kind')}
            />
            {number('duration_minutes', t('services.length_minutes'))}
            <TextInput
              label={t('price_in', { currency: location.currency })}
              value={values.price}
              onChange={(e) => setValues({ ...values, price: e.currentTarget.value })}
              error={priceError ?? fieldError('price_cents')}
              inputMode="decimal"
            />
            {number('buffer_before_minutes', t('services.buffer_before'))}
            {number('buffer_after_minutes', t('services.buffer_after'))}
            <NativeSelect
              label={t('services.room')}
              data={[{ value: '', label: t('services.no_room') }, ...rooms.map((room) => ({ value: room.id, label: room.name }))]}
              value={values.room_id}
              onChange={(e) => setValues({ ...values, room_id: e.currentTarget.value })}
              error={fieldError('room_id')}
            />
            <TextInput label={t('services.category')} value={values.category} onChange={(e) => setValues({ ...values, category: e.currentTarget.value })} error={fieldError('category')} />
          </SimpleGrid>
          <TextInput label={t('services.description')} value={values.description} onChange={(e) => setValues({ ...values, description: e.currentTarget.value })} error={fieldError('description')} />
          <Checkbox.Group label={t('services.qualified_staff')} value={values.staff_ids} onChange={(ids) => setValues({ ...values, staff_ids: ids })} error={fieldError('staff_ids')}>
            <Group mt="xs">{staff.length === 0 ? <span>{t('services.no_staff')}</span> : staff.map((member) => <Checkbox key={member.id} value={member.id} label={staffName(member)} />)}</Group>
          </Checkbox.Group>
          {values.kind === 'class' ? (
            <SimpleGrid cols={2}>
              <Checkbox label={t('services.needs_entitlement')} checked={values.requires_entitlement} onChange={(e) => setValues({ ...values, requires_entitlement: e.currentTarget.checked })} />
              <Checkbox label={t('services.first_timers')} checked={values.first_timers_only} onChange={(e) => setValues({ ...values, first_timers_only: e.currentTarget.checked })} />
              {number('free_classes', t('services.free_classes'))}
            </SimpleGrid>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {service ? t('save') : t('services.add')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
