import { Button, Group, NativeSelect, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import type { AppointmentCalendar } from '@studio/shared/schemas/appointments-web';
import type { MemberSearchRow } from '@studio/shared/web-app';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appointmentRequests, useAppointmentChange } from '../../api/appointments.ts';
import { fullName, useMemberSearch } from '../../api/contacts.ts';
import { Dialog } from '../../components/Dialog.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { localToIso } from '../../format/appointments.ts';
import { SlotPicker } from './SlotPicker.tsx';

/**
 * The booking drawer: a client found by the member search, a service, a staff member qualified for
 * it, and an open slot. Nothing shows on the calendar until the server has booked it; a refusal
 * (a clash, named) stays here with everything chosen.
 */
export function NewBookingDialog({ opened, onClose, calendar, date, locale }: { opened: boolean; onClose: () => void; calendar: AppointmentCalendar; date: string; locale: string }) {
  const { t } = useTranslation('appointments');
  const zone = calendar.time_zone;
  const [term, setTerm] = useState('');
  const [client, setClient] = useState<MemberSearchRow | null>(null);
  const [serviceId, setServiceId] = useState('');
  const [staffId, setStaffId] = useState('');
  const [day, setDay] = useState(date);
  const [time, setTime] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const search = useMemberSearch(client ? '' : term, calendar.location_id, 8);
  const book = useAppointmentChange(appointmentRequests.book);
  const service = calendar.services.find((s) => s.id === serviceId);
  const qualified = calendar.staff.filter((member) => !service || service.staff_ids.length === 0 || service.staff_ids.includes(member.id));

  const close = () => {
    setTerm('');
    setClient(null);
    setTime('');
    setProblem(null);
    book.reset();
    onClose();
  };
  const submit = () => {
    const start = localToIso(day, time, zone);
    if (!client || !serviceId || !staffId || !start) {
      setProblem(t('new.missing'));
      return;
    }
    setProblem(null);
    book.mutate({ location_id: calendar.location_id, service_id: serviceId, staff_id: staffId, contact_id: client.id, start }, { onSuccess: close });
  };

  return (
    <Dialog opened={opened} onClose={close} title={t('new_booking')} size="lg">
      <Stack>
        {client ? (
          <Group justify="space-between">
            <Text>
              {t('new.client_chosen')} <strong>{fullName(client)}</strong>
            </Text>
            <Button variant="default" size="compact-sm" onClick={() => setClient(null)}>
              {t('new.change_client')}
            </Button>
          </Group>
        ) : (
          <div>
            <TextInput label={t('new.client')} description={t('new.client_hint')} value={term} onChange={(event) => setTerm(event.currentTarget.value)} data-autofocus />
            {term.trim().length >= 2 ? (
              <Stack gap={2} mt={6} component="ul" aria-label={t('new.clients_found')} style={{ listStyle: 'none', padding: 0, margin: '6px 0 0' }}>
                {(search.data?.data ?? []).map((row) => (
                  <li key={row.id}>
                    <UnstyledButton onClick={() => setClient(row)} p={6} w="100%" style={{ borderRadius: 4, border: '1px solid #dee2e6' }}>
                      {fullName(row)}
                      {row.email ? <Text span size="sm" c="#495057">{` · ${row.email}`}</Text> : null}
                    </UnstyledButton>
                  </li>
                ))}
                {search.data && search.data.data.length === 0 ? (
                  <Text component="li" size="sm">
                    {t('new.no_match')}
                  </Text>
                ) : null}
              </Stack>
            ) : null}
          </div>
        )}
        <NativeSelect
          label={t('new.service')}
          value={serviceId}
          onChange={(event) => {
            setServiceId(event.currentTarget.value);
            setTime('');
          }}
          data={[{ value: '', label: t('new.choose_service') }, ...calendar.services.map((s) => ({ value: s.id, label: t('new.service_option', { name: s.name, minutes: s.duration_minutes }) }))]}
        />
        <NativeSelect
          label={t('new.staff')}
          value={staffId}
          onChange={(event) => {
            setStaffId(event.currentTarget.value);
            setTime('');
          }}
          data={[{ value: '', label: t('new.choose_staff') }, ...qualified.map((member) => ({ value: member.id, label: member.name }))]}
        />
        {/* A refusal (a clash, named) stands above the slots to choose from instead, in view on the tablet. */}
        <ErrorAlert error={book.error} title={t('new.not_booked')} />
        <SlotPicker locationId={calendar.location_id} zone={zone} serviceId={serviceId} staffId={staffId} locale={locale} date={day} time={time} onDate={setDay} onTime={setTime} />
        {problem ? (
          <Text role="alert" c="red.9" size="sm">
            {problem}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('close')}
          </Button>
          <Button onClick={submit} loading={book.isPending}>
            {t('new.book')}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
