import { Alert, Button, Checkbox, Group, NumberInput, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import type { SeriesView, TimetableOptions } from '@studio/shared/schemas/web-classes';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useClassMutation, useSeriesList, useTimetableOptions, weekdayNames } from '../../api/classes.ts';
import { call, type BodyOf } from '../../api/call.ts';
import { useSignedIn } from '../../api/session.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { ManagersOnly } from '../../components/ManagersOnly.tsx';
import { formatDay } from '../../format/time.ts';
import { useLocation } from '../../shell/location.ts';
import { orNull, PlacementFields } from './PlacementFields.tsx';
import type { ContractBodyInput, ContractResult } from '@studio/shared/contracts';
import { webClassesContracts } from '@studio/shared/contracts/web-classes';
import { NoClassService } from '../../components/SetupLinks.tsx';

/** A weekly series: created here, or changed, ended and extended, each change counted before it is applied. */
export function SeriesFormPage() {
  return (
    <ManagersOnly title="Weekly series" what="Weekly series">
      <SeriesForm />
    </ManagersOnly>
  );
}

function SeriesForm() {
  const { id } = useParams();
  const session = useSignedIn();
  const [location] = useLocation(session);
  const { data: options, error } = useTimetableOptions(location.id);
  const { data: list } = useSeriesList(location.id);
  const series = id === 'new' ? null : list?.data.find((s) => s.id === id);
  return (
    <Stack maw={720}>
      <Button component={Link} to="/classes" variant="subtle" w="fit-content">
        Back to the timetable
      </Button>
      <Title order={1}>{id === 'new' ? 'New weekly series' : 'Weekly series'}</Title>
      <Text>
        Times are {location.name} time ({location.time_zone}): a class at 07:00 stays at 07:00 when the clocks change.
      </Text>
      <ErrorAlert error={error} />
      {options && id === 'new' ? <CreateSeries options={options} locationId={location.id} /> : null}
      {options && series ? (
        <>
          <SeriesSummary series={series} />
          <EditSeries options={options} series={series} />
          <ExtendSeries series={series} />
          <EndSeries series={series} />
        </>
      ) : null}
      {list && id !== 'new' && !series ? <Text>No such series at {location.name}: choose it from the timetable.</Text> : null}
    </Stack>
  );
}

function Weekdays({ value, onChange }: { value: string[]; onChange: (days: string[]) => void }) {
  return (
    <Checkbox.Group label="Weekdays" value={value} onChange={onChange}>
      <Group mt={4}>
        {weekdayNames.map((name, index) => (
          <Checkbox key={name} value={String(index + 1)} label={name} />
        ))}
      </Group>
    </Checkbox.Group>
  );
}

function CreateSeries({ options, locationId }: { options: TimetableOptions; locationId: string }) {
  const navigate = useNavigate();
  const [placement, setPlacement] = useState({ service_id: '', staff_id: '', room_id: '' });
  const [days, setDays] = useState<string[]>([]);
  const [time, setTime] = useState('');
  const [duration, setDuration] = useState<number | string>('');
  const [capacity, setCapacity] = useState<number | string>(12);
  const [startsOn, setStartsOn] = useState('');
  const [endsOn, setEndsOn] = useState('');
  const create = useClassMutation(
    () =>
      call(webClassesContracts.webCreateSeries, {
        body: {
          location_id: locationId,
          service_id: placement.service_id,
          staff_id: orNull(placement.staff_id),
          room_id: orNull(placement.room_id),
          weekdays: days.map(Number),
          start_time: time,
          ...(duration !== '' && { duration_minutes: Number(duration) }),
          capacity: Number(capacity),
          starts_on: startsOn,
          ends_on: endsOn,
        },
      }),
    () => void navigate('/classes'),
  );
  if (options.services.length === 0) return <NoClassService />;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        create.mutate(undefined);
      }}
    >
      <Stack>
        <ErrorAlert error={create.error} />
        <PlacementFields options={options} value={placement} onChange={setPlacement} />
        <Weekdays value={days} onChange={setDays} />
        <Group grow>
          <TextInput label="Start time" type="time" value={time} onChange={(event) => setTime(event.currentTarget.value)} />
          <NumberInput label="Minutes" description="Empty: the service's length" min={5} max={600} value={duration} onChange={setDuration} />
          <NumberInput label="Capacity" min={1} max={1000} value={capacity} onChange={setCapacity} />
        </Group>
        <Group grow>
          <TextInput label="First day" type="date" value={startsOn} onChange={(event) => setStartsOn(event.currentTarget.value)} />
          <TextInput label="Last day" description="Up to five years after the first" type="date" value={endsOn} onChange={(event) => setEndsOn(event.currentTarget.value)} />
        </Group>
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending} disabled={!placement.service_id || days.length === 0 || !time || !startsOn || !endsOn}>
            Create series
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function SeriesSummary({ series }: { series: SeriesView }) {
  return (
    <Paper withBorder p="sm">
      <Text fw={700}>{series.service_name}</Text>
      <Text>
        {series.weekdays.map((d) => weekdayNames[d - 1]).join(', ')} at {series.start_time} for {series.duration_minutes} min, {series.capacity} places, {series.staff_name ?? 'no instructor'}
        {series.room_name ? `, ${series.room_name}` : ''}
      </Text>
      <Text>
        From {formatDay(series.starts_on)} to {formatDay(series.ends_on)}; {series.upcoming_classes} classes ahead.
      </Text>
    </Paper>
  );
}

/** A preview-then-apply pair: the first press asks the server with `dry_run`, the second applies what it counted. */
type PreviewedContract = typeof webClassesContracts.webUpdateSeries | typeof webClassesContracts.webExtendSeries | typeof webClassesContracts.webEndSeries;
const send = call as unknown as (contract: PreviewedContract, input: { params: { id: string }; body: object }) => Promise<unknown>;

function usePreviewed<C extends PreviewedContract>(contract: C, seriesId: string) {
  type Body = Omit<ContractBodyInput<C>, 'dry_run'>;
  const [preview, setPreview] = useState<ContractResult<C> | null>(null);
  const ask = useClassMutation((input: { body: Body; dryRun: boolean }) => send(contract, { params: { id: seriesId }, body: { ...input.body, dry_run: input.dryRun } }) as Promise<ContractResult<C>>);
  return {
    preview,
    clear: () => setPreview(null),
    error: ask.error,
    pending: ask.isPending,
    run: (body: Body, dryRun: boolean) => ask.mutate({ body, dryRun }, { onSuccess: (result) => setPreview(dryRun ? result : null) }),
    done: ask.isSuccess && preview === null ? ask.data : null,
  };
}

function EditSeries({ options, series }: { options: TimetableOptions; series: SeriesView }) {
  const [placement, setPlacement] = useState({ service_id: series.service_id, staff_id: series.staff_id ?? '', room_id: series.room_id ?? '' });
  const [time, setTime] = useState(series.start_time);
  const [duration, setDuration] = useState<number | string>(series.duration_minutes);
  const [capacity, setCapacity] = useState<number | string>(series.capacity);
  const change = changedFields(series, placement, time, duration, capacity);
  const edit = usePreviewed(webClassesContracts.webUpdateSeries, series.id);
  return (
    <Paper withBorder p="sm" component="section" aria-label="Change the series">
      <Stack>
        <Title order={2} size="h3">
          Change the classes ahead
        </Title>
        <Text size="sm">A class changed on its own (a substitute, another capacity) keeps what was set for it.</Text>
        <PlacementFields
          options={options}
          value={placement}
          withService={false}
          onChange={(next) => {
            setPlacement(next);
            edit.clear();
          }}
        />
        <Group grow>
          <TextInput label="New start time" type="time" value={time} onChange={(event) => (setTime(event.currentTarget.value), edit.clear())} />
          <NumberInput label="New length in minutes" min={5} max={600} value={duration} onChange={(v) => (setDuration(v), edit.clear())} />
          <NumberInput label="New capacity" min={1} max={1000} value={capacity} onChange={(v) => (setCapacity(v), edit.clear())} />
        </Group>
        <ErrorAlert error={edit.error} />
        {edit.preview ? (
          <Impact>
            Affects {edit.preview.sessions} classes, {edit.preview.bookings} bookings.
            {edit.preview.kept.length ? ` ${edit.preview.kept.length} classes stay as they are: ${edit.preview.kept.map((k) => k.reason).join('; ')}.` : ''}
          </Impact>
        ) : null}
        {edit.done ? <Text role="status">Changed {edit.done.sessions} classes.</Text> : null}
        <Group justify="flex-end">
          {edit.preview ? (
            <Button onClick={() => edit.run(change, false)} loading={edit.pending}>
              Apply to {edit.preview.sessions} classes
            </Button>
          ) : (
            <Button variant="default" onClick={() => edit.run(change, true)} loading={edit.pending} disabled={Object.keys(change).length === 0}>
              Preview changes
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

/** Only what differs from the series is sent. */
function changedFields(series: SeriesView, placement: { staff_id: string; room_id: string }, time: string, duration: number | string, capacity: number | string) {
  const body: Omit<BodyOf<'webUpdateSeries'>, 'dry_run'> = {};
  if (orNull(placement.staff_id) !== series.staff_id) body.staff_id = orNull(placement.staff_id);
  if (orNull(placement.room_id) !== series.room_id) body.room_id = orNull(placement.room_id);
  if (time && time !== series.start_time) body.start_time = time;
  if (duration !== '' && Number(duration) !== series.duration_minutes) body.duration_minutes = Number(duration);
  if (capacity !== '' && Number(capacity) !== series.capacity) body.capacity = Number(capacity);
  return body;
}

function ExtendSeries({ series }: { series: SeriesView }) {
  const [endsOn, setEndsOn] = useState('');
  const extend = usePreviewed(webClassesContracts.webExtendSeries, series.id);
  return (
    <Paper withBorder p="sm" component="section" aria-label="Extend the series">
      <Stack>
        <Title order={2} size="h3">
          Run it longer
        </Title>
        <TextInput label="New last day" type="date" value={endsOn} onChange={(event) => (setEndsOn(event.currentTarget.value), extend.clear())} />
        <ErrorAlert error={extend.error} />
        {extend.preview ? <Impact>Adds {extend.preview.classes_created} classes.</Impact> : null}
        {extend.done ? <Text role="status">Added {extend.done.classes_created} classes.</Text> : null}
        <Group justify="flex-end">
          {extend.preview ? (
            <Button onClick={() => extend.run({ ends_on: endsOn }, false)} loading={extend.pending}>
              Extend by {extend.preview.classes_created} classes
            </Button>
          ) : (
            <Button variant="default" onClick={() => extend.run({ ends_on: endsOn }, true)} loading={extend.pending} disabled={!endsOn}>
              Preview extension
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

function EndSeries({ series }: { series: SeriesView }) {
  const [from, setFrom] = useState('');
  const end = usePreviewed(webClassesContracts.webEndSeries, series.id);
  return (
    <Paper withBorder p="sm" component="section" aria-label="End the series">
      <Stack>
        <Title order={2} size="h3">
          End the series
        </Title>
        <Text size="sm">Classes nobody booked are removed; a class with bookings or a waitlist is cancelled, its places released without using a credit.</Text>
        <TextInput label="First day without it" type="date" value={from} onChange={(event) => (setFrom(event.currentTarget.value), end.clear())} />
        <ErrorAlert error={end.error} />
        {end.preview ? (
          <Impact>
            Removes {end.preview.removed} classes and cancels {end.preview.cancelled}, releasing {end.preview.bookings_released} bookings.
          </Impact>
        ) : null}
        {end.done ? (
          <Text role="status">
            Ended: {end.done.removed} classes removed, {end.done.cancelled} cancelled.
          </Text>
        ) : null}
        <Group justify="flex-end">
          {end.preview ? (
            <Button color="red.9" onClick={() => end.run({ from }, false)} loading={end.pending}>
              End series
            </Button>
          ) : (
            <Button variant="default" onClick={() => end.run({ from }, true)} loading={end.pending} disabled={!from}>
              Preview ending
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

function Impact({ children }: { children: React.ReactNode }) {
  return (
    <Alert color="blue.9" variant="light" role="status" title="Before you apply">
      {children}
    </Alert>
  );
}
