import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { TimetableClass } from '@studio/shared/schemas/web-classes';
import { DateTime, Info } from 'luxon';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useSeriesList, useWeek } from '../../api/classes.ts';
import { managesAccounts, useSignedIn } from '../../api/session.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { formatDay, formatLocalTime } from '../../format/time.ts';
import { useLocale } from '../../i18n/locale.ts';
import { useLocation } from '../../shell/location.ts';
import { OneOffClassDialog } from './OneOffClassDialog.tsx';

/** The week grid of a location, Monday to Sunday in its zone; owners and managers also reach the series and one-off classes from here. */
export function TimetablePage() {
  const session = useSignedIn();
  const [location] = useLocation(session);
  const [params, setParams] = useSearchParams();
  const week = params.get('week');
  const { data, error, isPending } = useWeek(location.id, week);
  const [oneOff, setOneOff] = useState(false);
  const manages = managesAccounts(session);
  const { t } = useTranslation('classes');
  const locale = useLocale(location);
  const move = (weeks: number) => {
    if (!data) return;
    setParams({ week: DateTime.fromISO(data.week_start).plus({ weeks }).toISODate()! });
  };

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{t('title')}</Title>
        {manages ? (
          <Group>
            <Button component={Link} to="/classes/series/new">
              {t('new_series')}
            </Button>
            <Button variant="default" onClick={() => setOneOff(true)}>
              {t('new_class')}
            </Button>
          </Group>
        ) : null}
      </Group>
      <Group>
        <Button variant="default" onClick={() => move(-1)} disabled={!data}>
          {t('week.previous')}
        </Button>
        <Button variant="default" onClick={() => setParams({})} disabled={!week}>
          {t('week.this')}
        </Button>
        <Button variant="default" onClick={() => move(1)} disabled={!data}>
          {t('week.next')}
        </Button>
        {data ? (
          <Text fw={600} aria-live="polite">
            {t('week.range', { from: formatDay(data.week_start, locale), to: formatDay(data.week_end, locale), location: data.location.name, zone: data.location.time_zone })}
          </Text>
        ) : null}
      </Group>
      {data?.dst_note ? (
        <Alert color="yellow.9" variant="light" title={t('week.dst')}>
          {data.dst_note}
        </Alert>
      ) : null}
      <ErrorAlert error={error} />
      {isPending ? <Text>{t('week.loading')}</Text> : null}
      {data ? (
        <SimpleGrid cols={7} spacing={6} role="list" aria-label={t('week.label')}>
          {data.days.map((day) => (
            <Stack key={day.date} gap={6} role="listitem" aria-label={DateTime.fromISO(day.date).setLocale(locale).toLocaleString({ weekday: 'long', day: 'numeric', month: 'long' })}>
              <Text fw={700} size="sm">
                {DateTime.fromISO(day.date).setLocale(locale).toLocaleString({ weekday: 'short', day: 'numeric', month: 'short' })}
              </Text>
              {day.classes.length === 0 ? (
                <Text size="xs" c="dimmed">
                  {t('week.no_classes')}
                </Text>
              ) : (
                day.classes.map((cls) => <ClassTile key={cls.id} cls={cls} zone={data.location.time_zone} locale={locale} />)
              )}
            </Stack>
          ))}
        </SimpleGrid>
      ) : null}
      {manages ? <SeriesTable locationId={location.id} locale={locale} /> : null}
      <OneOffClassDialog opened={oneOff} onClose={() => setOneOff(false)} locationId={location.id} />
    </Stack>
  );
}

/** One class of the grid; its time is the location's wall time, whose zone the week's heading names once. */
function ClassTile({ cls, zone, locale }: { cls: TimetableClass; zone: string; locale: string }) {
  const { t } = useTranslation('classes');
  const cancelled = cls.status === 'cancelled';
  return (
    <Paper withBorder p={6} radius="sm" style={{ background: cancelled ? '#f3f4f6' : '#f8fafc' }}>
      <Anchor component={Link} to={`/classes/${cls.id}`} fw={600} size="sm" style={{ display: 'block' }}>
        {formatLocalTime(cls.start, zone, locale, zone)} {cls.service_name}
      </Anchor>
      <Text size="xs">{cls.technician_name ?? t('no_instructor')}</Text>
      <Text size="xs">{t('tile.booked', { booked: cls.booked, capacity: cls.capacity, waiting: cls.waiting })}</Text>
      {cancelled ? (
        <Text size="xs" fw={700} style={{ color: '#7f1d1d' }}>
          {t('cancelled')}
        </Text>
      ) : null}
    </Paper>
  );
}

function SeriesTable({ locationId, locale }: { locationId: string; locale: string }) {
  const { t } = useTranslation('classes');
  const { data, error } = useSeriesList(locationId);
  const weekdays = Info.weekdays('short', { locale });
  return (
    <Stack gap="xs">
      <Title order={2} size="h3">
        {t('series.title')}
      </Title>
      <ErrorAlert error={error} />
      {data && data.data.length === 0 ? <Text>{t('series.none')}</Text> : null}
      {data && data.data.length > 0 ? (
        <Table striped aria-label={t('series.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('series.class')}</Table.Th>
              <Table.Th>{t('series.days_and_time')}</Table.Th>
              <Table.Th>{t('series.instructor')}</Table.Th>
              <Table.Th>{t('series.runs')}</Table.Th>
              <Table.Th>{t('series.upcoming')}</Table.Th>
              <Table.Th>
                <span className="visually-hidden">{t('actions')}</span>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.data.map((series) => (
              <Table.Tr key={series.id}>
                <Table.Td>{series.service_name}</Table.Td>
                <Table.Td>{t('series.when', { days: series.weekdays.map((d) => weekdays[d - 1]).join(', '), time: series.start_time, minutes: series.duration_minutes })}</Table.Td>
                <Table.Td>{series.staff_name ?? t('no_instructor')}</Table.Td>
                <Table.Td>{t('series.from_to', { from: formatDay(series.starts_on, locale), to: formatDay(series.ends_on, locale) })}</Table.Td>
                <Table.Td>{series.upcoming_classes}</Table.Td>
                <Table.Td>
                  <Button component={Link} to={`/classes/series/${series.id}`} variant="default" size="xs" aria-label={t('series.edit_label', { name: series.service_name, time: series.start_time })}>
                    {t('series.edit')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
    </Stack>
  );
}
