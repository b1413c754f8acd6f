import { Alert, Button, Checkbox, Group, NumberInput, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { Info } from 'luxon';
import type { SeriesView, TimetableOptions } from '@studio/shared/schemas/web-classes';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useClassMutation, useSeriesList, useTimetableOptions } from '../../api/classes.ts';
import { call, type BodyOf } from '../../api/call.ts';
import { useSignedIn } from '../../api/session.ts';
import { DateField } from '../../components/DateField.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { ManagersOnly } from '../../components/ManagersOnly.tsx';
import { formatDay } from '../../format/time.ts';
import { useLocale } from '../../i18n/locale.ts';
import { useLocation } from '../../shell/location.ts';
import { orNull, PlacementFields } from './PlacementFields.tsx';
import type { ContractBodyInput, ContractResult } from '@studio/shared/contracts';
import { webClassesContracts } from '@studio/shared/contracts/web-classes';
import { NoClassService } from '../../components/SetupLinks.tsx';

/** A weekly series: created here, or changed, ended and extended, each change counted before it is applied. */
export function SeriesFormPage() {
  const { t } = useTranslation('classes');
  return (
    <ManagersOnly title={t('series.title')} refusal={t('series.managers_only')}>
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
  const { t } = useTranslation('classes');
  const locale = useLocale(location);
  return (
    <Stack maw={720}>
      <Button component={Link} to="/classes" variant="subtle" w="fit-content">
        {t('class.back')}
      </Button>
      <Title order={1}>{id === 'new' ? t('form.new_series') : t('series.title')}</Title>
      <Text>{t('form.times_note', { location: location.name, zone: location.time_zone })}</Text>
      <ErrorAlert error={error} />
      {options && id === 'new' ? <CreateSeries options={options} locationId={location.id} locale={locale} /> : null}
      {options && series ? (
        <>
          <SeriesSummary series={series} locale={locale} />
          <EditSeries options={options} series={series} />
          <ExtendSeries series={series} locale={locale} />
          <EndSeries series={series} locale={locale} />
        </>
      ) : null}
      {list && id !== 'new' && !series ? <Text>{t('form.no_such_series', { location: location.name })}</Text> : null}
    </Stack>
  );
}

/** Weekday names as the locale writes them, Monday (1) first: the API's numbering. */
const weekdayNames = (locale: string) => Info.weekdays('long', { locale }).map((name) => name[0]!.toLocaleUpperCase(locale) + name.slice(1));

function Weekdays({ value, onChange, locale }: { value: string[]; onChange: (days: string[]) => void; locale: string }) {
  const { t } = useTranslation('classes');
  return (
    <Checkbox.Group label={t('form.weekdays')} value={value} onChange={onChange}>
      <Group mt={4}>
        {weekdayNames(locale).map((name, index) => (
          <Checkbox key={name} value={String(index + 1)} label={name} />
        ))}
      </Group>
    </Checkbox.Group>
  );
}

function CreateSeries({ options, locationId, locale }: { options: TimetableOptions; locationId: string; locale: string }) {
  const { t } = useTranslation('classes');
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
        <Weekdays value={days} onChange={setDays} locale={locale} />
        <Group grow>
          <TextInput label={t('form.start_time')} type="time" value={time} onChange={(event) => setTime(event.currentTarget.value)} />
          <NumberInput label={t('form.minutes')} description={t('form.minutes_hint')} min={5} max={600} value={duration} onChange={setDuration} />
          <NumberInput label={t('form.capacity')} min={1} max={1000} value={capacity} onChange={setCapacity} />
        </Group>
        <Group grow>
          <DateField locale={locale} label={t('form.first_day')} value={startsOn} onChange={setStartsOn} />
          <DateField locale={locale} label={t('form.last_day')} description={t('form.last_day_hint')} value={endsOn} onChange={setEndsOn} />
        </Group>
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending} disabled={!placement.service_id || days.length === 0 || !time || !startsOn || !endsOn}>
            {t('form.create_series')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function SeriesSummary({ series, locale }: { series: SeriesView; locale: string }) {
  const { t } = useTranslation('classes');
  const names = weekdayNames(locale);
  const facts = {
    days: series.weekdays.map((d) => names[d - 1]).join(', '),
    time: series.start_time,
    minutes: series.duration_minutes,
    capacity: series.capacity,
    instructor: series.staff_name ?? t('class.no_instructor'),
    room: series.room_name ?? '',
  };
  return (
    <Paper withBorder p="sm">
      <Text fw={700}>{series.service_name}</Text>
      <Text>{t(series.room_name ? 'form.summary_room' : 'form.summary', facts)}</Text>
      <Text>{t('form.summary_dates', { from: formatDay(series.starts_on, locale), to: formatDay(series.ends_on, locale), upcoming: series.upcoming_classes })}</Text>
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
  const { t } = useTranslation('classes');
  return (
    <Paper withBorder p="sm" component="section" aria-label={t('edit.label')}>
      <Stack>
        <Title order={2} size="h3">
          {t('edit.title')}
        </Title>
        <Text size="sm">{t('edit.note')}</Text>
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
          <TextInput label={t('edit.start_time')} type="time" value={time} onChange={(event) => (setTime(event.currentTarget.value), edit.clear())} />
          <NumberInput label={t('edit.minutes')} min={5} max={600} value={duration} onChange={(v) => (setDuration(v), edit.clear())} />
          <NumberInput label={t('edit.capacity')} min={1} max={1000} value={capacity} onChange={(v) => (setCapacity(v), edit.clear())} />
        </Group>
        <ErrorAlert error={edit.error} />
        {edit.preview ? (
          <Impact>
            {t('edit.impact', { sessions: edit.preview.sessions, bookings: edit.preview.bookings })}
            {edit.preview.kept.length ? ` ${t('edit.kept', { count: edit.preview.kept.length, reasons: edit.preview.kept.map((k) => k.reason).join('; ') })}` : ''}
          </Impact>
        ) : null}
        {edit.done ? <Text role="status">{t('edit.done', { count: edit.done.sessions })}</Text> : null}
        <Group justify="flex-end">
          {edit.preview ? (
            <Button onClick={() => edit.run(change, false)} loading={edit.pending}>
              {t('edit.apply', { count: edit.preview.sessions })}
            </Button>
          ) : (
            <Button variant="default" onClick={() => edit.run(change, true)} loading={edit.pending} disabled={Object.keys(change).length === 0}>
              {t('edit.preview')}
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

function ExtendSeries({ series, locale }: { series: SeriesView; locale: string }) {
  const [endsOn, setEndsOn] = useState('');
  const extend = usePreviewed(webClassesContracts.webExtendSeries, series.id);
  const { t } = useTranslation('classes');
  return (
    <Paper withBorder p="sm" component="section" aria-label={t('extend.label')}>
      <Stack>
        <Title order={2} size="h3">
          {t('extend.title')}
        </Title>
        <DateField locale={locale} label={t('extend.last_day')} value={endsOn} onChange={(next) => (setEndsOn(next), extend.clear())} />
        <ErrorAlert error={extend.error} />
        {extend.preview ? <Impact>{t('extend.impact', { count: extend.preview.classes_created })}</Impact> : null}
        {extend.done ? <Text role="status">{t('extend.done', { count: extend.done.classes_created })}</Text> : null}
        <Group justify="flex-end">
          {extend.preview ? (
            <Button onClick={() => extend.run({ ends_on: endsOn }, false)} loading={extend.pending}>
              {t('extend.apply', { count: extend.preview.classes_created })}
            </Button>
          ) : (
            <Button variant="default" onClick={() => extend.run({ ends_on: endsOn }, true)} loading={extend.pending} disabled={!endsOn}>
              {t('extend.preview')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

function EndSeries({ series, locale }: { series: SeriesView; locale: string }) {
  const [from, setFrom] = useState('');
  const end = usePreviewed(webClassesContracts.webEndSeries, series.id);
  const { t } = useTranslation('classes');
  return (
    <Paper withBorder p="sm" component="section" aria-label={t('end.label')}>
      <Stack>
        <Title order={2} size="h3">
          {t('end.title')}
        </Title>
        <Text size="sm">{t('end.note')}</Text>
        <DateField locale={locale} label={t('end.from')} value={from} onChange={(next) => (setFrom(next), end.clear())} />
        <ErrorAlert error={end.error} />
        {end.preview ? <Impact>{t('end.impact', { removed: end.preview.removed, cancelled: end.preview.cancelled, released: end.preview.bookings_released })}</Impact> : null}
        {end.done ? <Text role="status">{t('end.done', { removed: end.done.removed, cancelled: end.done.cancelled })}</Text> : null}
        <Group justify="flex-end">
          {end.preview ? (
            <Button color="red.9" onClick={() => end.run({ from }, false)} loading={end.pending}>
              {t('end.apply')}
            </Button>
          ) : (
            <Button variant="default" onClick={() => end.run({ from }, true)} loading={end.pending} disabled={!from}>
              {t('end.preview')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

function Impact({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation('classes');
  return (
    <Alert color="blue.9" variant="light" role="status" title={t('impact.title')}>
      {children}
    </Alert>
  );
}
