import { Anchor, Button, Checkbox, Group, NativeSelect, NumberInput, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import type { ClassPage, ClassPageRosterRow } from '@studio/shared/schemas/web-classes';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useClassMutation, useClassPage, useTimetableOptions } from '../../api/classes.ts';
import { fullName, useMemberSearch } from '../../api/contacts.ts';
import { call, type BodyOf } from '../../api/call.ts';
import { managesAccounts, useSignedIn } from '../../api/session.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { StatusChip } from '../../components/StatusChip.tsx';
import { formatLocalDateTime, formatLocalTime } from '../../format/time.ts';
import { useLocale } from '../../i18n/locale.ts';
import { useLocation } from '../../shell/location.ts';
import { orNull } from './PlacementFields.tsx';
import { webClassesContracts } from '@studio/shared/contracts/web-classes';

const rosterStatuses = ['reserved', 'checked_in', 'cancelled', 'late_cancelled', 'no_show'] as const;
const payers = ['membership', 'package', 'free_class', 'none'] as const;
const known = <T extends string>(values: readonly T[], value: string): value is T => (values as readonly string[]).includes(value);

/** The locale of the class's location, whichever location the banner has chosen. */
function useClassLocale(cls: ClassPage): string {
  const session = useSignedIn();
  const [chosen] = useLocation(session);
  return useLocale(session.locations.find((location) => location.id === cls.location_id) ?? chosen);
}

/** One class: who is booked and who waits, worked from here; the timetable side (cancel, capacity) for owners and managers. */
export function ClassPagePage() {
  const { id = '' } = useParams();
  const { data, error, isPending } = useClassPage(id);
  const { t } = useTranslation('classes');
  return (
    <Stack>
      <Button component={Link} to="/classes" variant="subtle" w="fit-content">
        {t('class.back')}
      </Button>
      <ErrorAlert error={error} />
      {isPending ? <Text>{t('class.loading')}</Text> : null}
      {data ? <ClassView cls={data} /> : null}
    </Stack>
  );
}

function ClassView({ cls }: { cls: ClassPage }) {
  const session = useSignedIn();
  const manages = managesAccounts(session);
  const zone = cls.time_zone;
  const cancelled = cls.status === 'cancelled';
  const { t } = useTranslation('classes');
  const locale = useClassLocale(cls);
  const cancelClass = useClassMutation(() => call(webClassesContracts.webCancelClass, { params: { id: cls.id } }));
  const restoreClass = useClassMutation(() => call(webClassesContracts.webRestoreClass, { params: { id: cls.id } }));
  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Title order={1}>
            {cls.service_name}, {formatLocalDateTime(cls.start, zone, locale)}
          </Title>
          <Text>
            {t('class.where', {
              until: formatLocalTime(cls.end, zone, locale),
              place: cls.room_name ? `${cls.location_name}, ${cls.room_name}` : cls.location_name,
              instructor: cls.technician_name ?? t('class.no_instructor'),
            })}
          </Text>
          <Text fw={600} aria-live="polite">
            {t('class.counts', { booked: cls.booked, capacity: cls.capacity, left: cls.spots_left, waiting: cls.waiting })}
            {cancelled ? ` ${t('class.is_cancelled')}` : ''}
          </Text>
          <Text size="sm">{t('class.late_from', { time: formatLocalDateTime(cls.late_cancel_from, zone, locale) })}</Text>
        </Stack>
        {manages ? (
          <Group>
            {cancelled ? (
              <Button onClick={() => restoreClass.mutate(undefined)} loading={restoreClass.isPending}>
                {t('class.restore')}
              </Button>
            ) : (
              <Button color="red.9" variant="outline" onClick={() => cancelClass.mutate(undefined)} loading={cancelClass.isPending}>
                {t('class.cancel')}
              </Button>
            )}
          </Group>
        ) : null}
      </Group>
      <ErrorAlert error={cancelClass.error ?? restoreClass.error} />
      {manages ? <ClassChangeForm cls={cls} /> : null}
      <Roster cls={cls} />
      <Waitlist cls={cls} />
      {cancelled ? null : <AddPerson cls={cls} />}
    </Stack>
  );
}

/** This class alone (the series keeps its own): capacity, never below the spots booked, and the instructor. */
function ClassChangeForm({ cls }: { cls: ClassPage }) {
  const { t } = useTranslation('classes');
  const { data: options } = useTimetableOptions(cls.location_id);
  const [capacity, setCapacity] = useState<number | string>(cls.capacity);
  const [instructor, setInstructor] = useState(cls.technician_id ?? '');
  const service = options?.services.find((s) => s.id === cls.service_id);
  const instructors = options ? (service && service.staff_ids.length > 0 ? options.instructors.filter((i) => service.staff_ids.includes(i.id)) : options.instructors) : [];
  const change = {
    ...(Number(capacity) !== cls.capacity && { capacity: Number(capacity) }),
    ...(instructor !== (cls.technician_id ?? '') && { staff_id: orNull(instructor) }),
  };
  const save = useClassMutation(() => call(webClassesContracts.webUpdateClass, { params: { id: cls.id }, body: change }));
  return (
    <Group align="flex-end">
      <NumberInput label={t('class.capacity')} min={1} max={1000} value={capacity} onChange={setCapacity} w={200} />
      <NativeSelect
        label={t('class.instructor')}
        value={instructor}
        onChange={(event) => setInstructor(event.currentTarget.value)}
        data={[{ value: '', label: t('no_instructor') }, ...instructors.map((i) => ({ value: i.id, label: i.name }))]}
        w={240}
      />
      <Button variant="default" onClick={() => save.mutate(undefined)} loading={save.isPending} disabled={Object.keys(change).length === 0}>
        {t('class.save')}
      </Button>
      <ErrorAlert error={save.error} />
    </Group>
  );
}

function Roster({ cls }: { cls: ClassPage }) {
  const session = useSignedIn();
  const { t } = useTranslation('classes');
  const locale = useClassLocale(cls);
  const [excuse, setExcuse] = useState(false);
  const checkIn = useClassMutation((contactId: string) => call(webClassesContracts.webClassCheckIn, { params: { id: cls.id }, body: { contact_id: contactId }, idempotencyKey: crypto.randomUUID() }));
  const cancel = useClassMutation((contactId: string) =>
    call(webClassesContracts.webCancelClassSpot, { params: { id: cls.id }, body: { contact_id: contactId, ...(excuse && { excuse: true }) }, idempotencyKey: crypto.randomUUID() }),
  );
  const late = Date.now() >= Date.parse(cls.late_cancel_from);
  return (
    <Paper withBorder p="sm" component="section" aria-label={t('roster.title')}>
      <Stack>
        <Title order={2} size="h3">
          {t('roster.title')}
        </Title>
        <ErrorAlert error={checkIn.error ?? cancel.error} />
        {cancel.data ? <Text role="status">{cancel.data.late ? (cancel.data.excused ? t('roster.late_excused') : t('roster.late')) : t('roster.in_time')}</Text> : null}
        {late && managesAccounts(session) ? <Checkbox label={t('roster.excuse')} checked={excuse} onChange={(event) => setExcuse(event.currentTarget.checked)} /> : null}
        {cls.roster.length === 0 ? (
          <Text>{t('roster.empty')}</Text>
        ) : (
          <Table striped aria-label={t('roster.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('roster.name')}</Table.Th>
                <Table.Th>{t('roster.status')}</Table.Th>
                <Table.Th>{t('roster.paid_by')}</Table.Th>
                <Table.Th>{t('roster.booked_at')}</Table.Th>
                <Table.Th>
                  <span className="visually-hidden">{t('actions')}</span>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {cls.roster.map((row) => (
                <RosterRow
                  key={row.attendee_id}
                  row={row}
                  zone={cls.time_zone}
                  locale={locale}
                  onCheckIn={() => checkIn.mutate(row.contact_id)}
                  onCancel={() => cancel.mutate(row.contact_id)}
                  busy={checkIn.isPending || cancel.isPending}
                />
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}

function RosterRow({ row, zone, locale, onCheckIn, onCancel, busy }: { row: ClassPageRosterRow; zone: string; locale: string; onCheckIn: () => void; onCancel: () => void; busy: boolean }) {
  const { t } = useTranslation('classes');
  return (
    <Table.Tr>
      <Table.Td>
        <Anchor component={Link} to={`/members/${row.contact_id}`}>
          {row.name}
        </Anchor>
      </Table.Td>
      <Table.Td>
        <StatusChip status={known(rosterStatuses, row.status) ? t(`roster.status.${row.status}`) : row.status} />
        {row.excused && row.status !== 'reserved' ? <Text size="xs">{t('roster.excused')}</Text> : null}
      </Table.Td>
      <Table.Td>{known(payers, row.paid_by) ? t(`roster.paid.${row.paid_by}`) : row.paid_by}</Table.Td>
      <Table.Td>{formatLocalDateTime(row.booked_at, zone, locale)}</Table.Td>
      <Table.Td>
        {row.status === 'reserved' ? (
          <Group gap="xs">
            <Button size="xs" onClick={onCheckIn} disabled={busy} aria-label={t('roster.check_in_label', { name: row.name })}>
              {t('roster.check_in')}
            </Button>
            <Button size="xs" variant="default" onClick={onCancel} disabled={busy} aria-label={t('roster.cancel_label', { name: row.name })}>
              {t('roster.cancel')}
            </Button>
          </Group>
        ) : null}
      </Table.Td>
    </Table.Tr>
  );
}

function Waitlist({ cls }: { cls: ClassPage }) {
  const { t } = useTranslation('classes');
  const locale = useClassLocale(cls);
  const move = useClassMutation((input: { entry: string; direction: BodyOf<'webMoveWaitlistEntry'>['direction'] }) =>
    call(webClassesContracts.webMoveWaitlistEntry, { params: { id: cls.id, entry: input.entry }, body: { direction: input.direction } }),
  );
  return (
    <Paper withBorder p="sm" component="section" aria-label={t('waitlist.title')}>
      <Stack>
        <Title order={2} size="h3">
          {t('waitlist.title')}
        </Title>
        <ErrorAlert error={move.error} />
        {cls.waitlist.length === 0 ? (
          <Text>{t('waitlist.empty')}</Text>
        ) : (
          <Table striped aria-label={t('waitlist.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('waitlist.place')}</Table.Th>
                <Table.Th>{t('roster.name')}</Table.Th>
                <Table.Th>{t('roster.status')}</Table.Th>
                <Table.Th>
                  <span className="visually-hidden">{t('waitlist.order')}</span>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {cls.waitlist.map((entry, index) => (
                <Table.Tr key={entry.waitlist_id}>
                  <Table.Td>{entry.position}</Table.Td>
                  <Table.Td>{entry.name}</Table.Td>
                  <Table.Td>
                    {entry.status === 'offered' && entry.offer_expires_at
                      ? t('waitlist.offered_until', { time: formatLocalTime(entry.offer_expires_at, cls.time_zone, locale) })
                      : t('waitlist.waiting')}
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs">
                      <Button
                        size="xs"
                        variant="default"
                        disabled={index === 0 || move.isPending}
                        onClick={() => move.mutate({ entry: entry.waitlist_id, direction: 'up' })}
                        aria-label={t('waitlist.up_label', { name: entry.name })}
                      >
                        {t('waitlist.up')}
                      </Button>
                      <Button
                        size="xs"
                        variant="default"
                        disabled={index === cls.waitlist.length - 1 || move.isPending}
                        onClick={() => move.mutate({ entry: entry.waitlist_id, direction: 'down' })}
                        aria-label={t('waitlist.down_label', { name: entry.name })}
                      >
                        {t('waitlist.down')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}

function AddPerson({ cls }: { cls: ClassPage }) {
  const { t } = useTranslation('classes');
  const [term, setTerm] = useState('');
  const [allow, setAllow] = useState(false);
  const { data } = useMemberSearch(term, cls.location_id, 8);
  const book = useClassMutation((contactId: string) =>
    call(webClassesContracts.webBookClassSpot, {
      params: { id: cls.id },
      body: { contact_id: contactId, ...(allow && { allow_without_entitlement: true }) },
      idempotencyKey: crypto.randomUUID(),
    }),
  );
  const wait = useClassMutation((contactId: string) => call(webClassesContracts.webAddToWaitlist, { params: { id: cls.id }, body: { contact_id: contactId } }));
  const results = term.trim().length >= 2 ? (data?.data ?? []) : [];
  return (
    <Paper withBorder p="sm" component="section" aria-label={t('book.title')}>
      <Stack>
        <Title order={2} size="h3">
          {t('book.title')}
        </Title>
        <Group align="flex-end">
          <TextInput label={t('book.find')} description={t('book.find_hint')} value={term} onChange={(event) => setTerm(event.currentTarget.value)} w={320} />
          <Checkbox label={t('book.allow')} checked={allow} onChange={(event) => setAllow(event.currentTarget.checked)} />
        </Group>
        <ErrorAlert error={book.error ?? wait.error} />
        {results.length > 0 ? (
          <Table aria-label={t('book.results')}>
            <Table.Tbody>
              {results.map((contact) => (
                <Table.Tr key={contact.id}>
                  <Table.Td>{fullName(contact)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end">
                      <Button size="xs" onClick={() => book.mutate(contact.id)} disabled={book.isPending} aria-label={t('book.book_label', { name: fullName(contact) })}>
                        {t('book.book')}
                      </Button>
                      <Button size="xs" variant="default" onClick={() => wait.mutate(contact.id)} disabled={wait.isPending} aria-label={t('book.wait_label', { name: fullName(contact) })}>
                        {t('book.wait')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : term.trim().length >= 2 && data ? (
          <Text>{t('book.no_match')}</Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
