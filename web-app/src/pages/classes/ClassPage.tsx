import { Anchor, Button, Checkbox, Group, NativeSelect, NumberInput, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import type { ClassPage, ClassPageRosterRow } from '@studio/shared/schemas/web-classes';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useClassMutation, useClassPage, useTimetableOptions } from '../../api/classes.ts';
import { fullName, useMemberSearch } from '../../api/contacts.ts';
import { call, type BodyOf } from '../../api/call.ts';
import { managesAccounts, useSignedIn } from '../../api/session.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { StatusChip } from '../../components/StatusChip.tsx';
import { formatLocalDateTime, formatLocalTime } from '../../format/time.ts';
import { orNull } from './PlacementFields.tsx';
import { webClassesContracts } from '@studio/shared/contracts/web-classes';

const rosterWords: Record<string, string> = { reserved: 'Booked', checked_in: 'Checked in', cancelled: 'Cancelled', late_cancelled: 'Late cancelled', no_show: 'No-show' };
const paidWords: Record<string, string> = { membership: 'Membership', package: 'Package', free_class: 'Free class', none: 'Pays at the desk' };

/** One class: who is booked and who waits, worked from here; the timetable side (cancel, capacity) for owners and managers. */
export function ClassPagePage() {
  const { id = '' } = useParams();
  const { data, error, isPending } = useClassPage(id);
  return (
    <Stack>
      <Button component={Link} to="/classes" variant="subtle" w="fit-content">
        Back to the timetable
      </Button>
      <ErrorAlert error={error} />
      {isPending ? <Text>Loading the class…</Text> : null}
      {data ? <ClassView cls={data} /> : null}
    </Stack>
  );
}

function ClassView({ cls }: { cls: ClassPage }) {
  const session = useSignedIn();
  const manages = managesAccounts(session);
  const zone = cls.time_zone;
  const cancelled = cls.status === 'cancelled';
  const cancelClass = useClassMutation(() => call(webClassesContracts.webCancelClass, { params: { id: cls.id } }));
  const restoreClass = useClassMutation(() => call(webClassesContracts.webRestoreClass, { params: { id: cls.id } }));
  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Title order={1}>
            {cls.service_name}, {formatLocalDateTime(cls.start, zone)}
          </Title>
          <Text>
            Until {formatLocalTime(cls.end, zone)} at {cls.location_name}
            {cls.room_name ? `, ${cls.room_name}` : ''}; {cls.technician_name ?? 'no instructor'}.
          </Text>
          <Text fw={600} aria-live="polite">
            {cls.booked} of {cls.capacity} booked, {cls.spots_left} left, {cls.waiting} waiting.{cancelled ? ' This class is cancelled.' : ''}
          </Text>
          <Text size="sm">Cancelling from {formatLocalDateTime(cls.late_cancel_from, zone)} is late.</Text>
        </Stack>
        {manages ? (
          <Group>
            {cancelled ? (
              <Button onClick={() => restoreClass.mutate(undefined)} loading={restoreClass.isPending}>
                Restore class
              </Button>
            ) : (
              <Button color="red.9" variant="outline" onClick={() => cancelClass.mutate(undefined)} loading={cancelClass.isPending}>
                Cancel class
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
      <NumberInput label="Capacity of this class" min={1} max={1000} value={capacity} onChange={setCapacity} w={200} />
      <NativeSelect
        label="Instructor of this class"
        value={instructor}
        onChange={(event) => setInstructor(event.currentTarget.value)}
        data={[{ value: '', label: 'No instructor' }, ...instructors.map((i) => ({ value: i.id, label: i.name }))]}
        w={240}
      />
      <Button variant="default" onClick={() => save.mutate(undefined)} loading={save.isPending} disabled={Object.keys(change).length === 0}>
        Save changes
      </Button>
      <ErrorAlert error={save.error} />
    </Group>
  );
}

function Roster({ cls }: { cls: ClassPage }) {
  const session = useSignedIn();
  const [excuse, setExcuse] = useState(false);
  const checkIn = useClassMutation((contactId: string) => call(webClassesContracts.webClassCheckIn, { params: { id: cls.id }, body: { contact_id: contactId }, idempotencyKey: crypto.randomUUID() }));
  const cancel = useClassMutation((contactId: string) =>
    call(webClassesContracts.webCancelClassSpot, { params: { id: cls.id }, body: { contact_id: contactId, ...(excuse && { excuse: true }) }, idempotencyKey: crypto.randomUUID() }),
  );
  const late = Date.now() >= Date.parse(cls.late_cancel_from);
  return (
    <Paper withBorder p="sm" component="section" aria-label="Roster">
      <Stack>
        <Title order={2} size="h3">
          Roster
        </Title>
        <ErrorAlert error={checkIn.error ?? cancel.error} />
        {cancel.data ? (
          <Text role="status">
            {cancel.data.late ? (cancel.data.excused ? 'Late cancellation, excused: no credit used.' : 'Late cancellation: the credit was used.') : 'Cancelled in time: no credit used.'}
          </Text>
        ) : null}
        {late && managesAccounts(session) ? <Checkbox label="Excuse late cancellations (no credit used)" checked={excuse} onChange={(event) => setExcuse(event.currentTarget.checked)} /> : null}
        {cls.roster.length === 0 ? (
          <Text>Nobody is booked yet: find a member below and press Book.</Text>
        ) : (
          <Table striped aria-label="Roster">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Paid by</Table.Th>
                <Table.Th>Booked</Table.Th>
                <Table.Th>
                  <span className="visually-hidden">Actions</span>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {cls.roster.map((row) => (
                <RosterRow
                  key={row.attendee_id}
                  row={row}
                  zone={cls.time_zone}
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

function RosterRow({ row, zone, onCheckIn, onCancel, busy }: { row: ClassPageRosterRow; zone: string; onCheckIn: () => void; onCancel: () => void; busy: boolean }) {
  return (
    <Table.Tr>
      <Table.Td>
        <Anchor component={Link} to={`/members/${row.contact_id}`}>
          {row.name}
        </Anchor>
      </Table.Td>
      <Table.Td>
        <StatusChip status={rosterWords[row.status] ?? row.status} />
        {row.excused && row.status !== 'reserved' ? <Text size="xs">excused</Text> : null}
      </Table.Td>
      <Table.Td>{paidWords[row.paid_by] ?? row.paid_by}</Table.Td>
      <Table.Td>{formatLocalDateTime(row.booked_at, zone)}</Table.Td>
      <Table.Td>
        {row.status === 'reserved' ? (
          <Group gap="xs">
            <Button size="xs" onClick={onCheckIn} disabled={busy} aria-label={`Check in ${row.name}`}>
              Check in
            </Button>
            <Button size="xs" variant="default" onClick={onCancel} disabled={busy} aria-label={`Cancel booking of ${row.name}`}>
              Cancel booking
            </Button>
          </Group>
        ) : null}
      </Table.Td>
    </Table.Tr>
  );
}

function Waitlist({ cls }: { cls: ClassPage }) {
  const move = useClassMutation((input: { entry: string; direction: BodyOf<'webMoveWaitlistEntry'>['direction'] }) =>
    call(webClassesContracts.webMoveWaitlistEntry, { params: { id: cls.id, entry: input.entry }, body: { direction: input.direction } }),
  );
  return (
    <Paper withBorder p="sm" component="section" aria-label="Waitlist">
      <Stack>
        <Title order={2} size="h3">
          Waitlist
        </Title>
        <ErrorAlert error={move.error} />
        {cls.waitlist.length === 0 ? (
          <Text>Nobody is waiting.</Text>
        ) : (
          <Table striped aria-label="Waitlist">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Place</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>
                  <span className="visually-hidden">Order</span>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {cls.waitlist.map((entry, index) => (
                <Table.Tr key={entry.waitlist_id}>
                  <Table.Td>{entry.position}</Table.Td>
                  <Table.Td>{entry.name}</Table.Td>
                  <Table.Td>{entry.status === 'offered' && entry.offer_expires_at ? `Offered until ${formatLocalTime(entry.offer_expires_at, cls.time_zone)}` : 'Waiting'}</Table.Td>
                  <Table.Td>
                    <Group gap="xs">
                      <Button
                        size="xs"
                        variant="default"
                        disabled={index === 0 || move.isPending}
                        onClick={() => move.mutate({ entry: entry.waitlist_id, direction: 'up' })}
                        aria-label={`Move up ${entry.name}`}
                      >
                        Move up
                      </Button>
                      <Button
                        size="xs"
                        variant="default"
                        disabled={index === cls.waitlist.length - 1 || move.isPending}
                        onClick={() => move.mutate({ entry: entry.waitlist_id, direction: 'down' })}
                        aria-label={`Move down ${entry.name}`}
                      >
                        Move down
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
    <Paper withBorder p="sm" component="section" aria-label="Book a member">
      <Stack>
        <Title order={2} size="h3">
          Book a member
        </Title>
        <Group align="flex-end">
          <TextInput label="Find a member" description="Name, phone or email" value={term} onChange={(event) => setTerm(event.currentTarget.value)} w={320} />
          <Checkbox label="Allow without a covering plan (pays at the desk)" checked={allow} onChange={(event) => setAllow(event.currentTarget.checked)} />
        </Group>
        <ErrorAlert error={book.error ?? wait.error} />
        {results.length > 0 ? (
          <Table aria-label="Members to book">
            <Table.Tbody>
              {results.map((contact) => (
                <Table.Tr key={contact.id}>
                  <Table.Td>{fullName(contact)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end">
                      <Button size="xs" onClick={() => book.mutate(contact.id)} disabled={book.isPending} aria-label={`Book ${fullName(contact)}`}>
                        Book
                      </Button>
                      <Button size="xs" variant="default" onClick={() => wait.mutate(contact.id)} disabled={wait.isPending} aria-label={`Add to waitlist: ${fullName(contact)}`}>
                        Add to waitlist
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : term.trim().length >= 2 && data ? (
          <Text>No member matches.</Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
