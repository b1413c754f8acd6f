import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { TimetableClass } from '@studio/shared/schemas/web-classes';
import { DateTime } from 'luxon';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useSeriesList, useWeek, weekdayNames } from '../../api/classes.ts';
import { managesAccounts, useSignedIn } from '../../api/session.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { formatDay, formatLocalTime } from '../../format/time.ts';
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
  const move = (weeks: number) => {
    if (!data) return;
    setParams({ week: DateTime.fromISO(data.week_start).plus({ weeks }).toISODate()! });
  };

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>Classes</Title>
        {manages ? (
          <Group>
            <Button component={Link} to="/classes/series/new">
              New series
            </Button>
            <Button variant="default" onClick={() => setOneOff(true)}>
              New class
            </Button>
          </Group>
        ) : null}
      </Group>
      <Group>
        <Button variant="default" onClick={() => move(-1)} disabled={!data}>
          Previous week
        </Button>
        <Button variant="default" onClick={() => setParams({})} disabled={!week}>
          This week
        </Button>
        <Button variant="default" onClick={() => move(1)} disabled={!data}>
          Next week
        </Button>
        {data ? (
          <Text fw={600} aria-live="polite">
            Week of {formatDay(data.week_start)} to {formatDay(data.week_end)}, {data.location.name} time ({data.location.time_zone})
          </Text>
        ) : null}
      </Group>
      {data?.dst_note ? (
        <Alert color="yellow.9" variant="light" title="Daylight saving time">
          {data.dst_note}
        </Alert>
      ) : null}
      <ErrorAlert error={error} />
      {isPending ? <Text>Loading the week…</Text> : null}
      {data ? (
        <SimpleGrid cols={7} spacing={6} role="list" aria-label="Week timetable">
          {data.days.map((day) => (
            <Stack key={day.date} gap={6} role="listitem" aria-label={DateTime.fromISO(day.date).toFormat('cccc d LLLL')}>
              <Text fw={700} size="sm">
                {weekdayNames[DateTime.fromISO(day.date).weekday - 1]!.slice(0, 3)} {DateTime.fromISO(day.date).toFormat('d LLL')}
              </Text>
              {day.classes.length === 0 ? (
                <Text size="xs" c="dimmed">
                  No classes
                </Text>
              ) : (
                day.classes.map((cls) => <ClassTile key={cls.id} cls={cls} zone={data.location.time_zone} />)
              )}
            </Stack>
          ))}
        </SimpleGrid>
      ) : null}
      {manages ? <SeriesTable locationId={location.id} /> : null}
      <OneOffClassDialog opened={oneOff} onClose={() => setOneOff(false)} locationId={location.id} />
    </Stack>
  );
}

function ClassTile({ cls, zone }: { cls: TimetableClass; zone: string }) {
  const cancelled = cls.status === 'cancelled';
  return (
    <Paper withBorder p={6} radius="sm" style={{ background: cancelled ? '#f3f4f6' : '#f8fafc' }}>
      <Anchor component={Link} to={`/classes/${cls.id}`} fw={600} size="sm" style={{ display: 'block' }}>
        {formatLocalTime(cls.start, zone)} {cls.service_name}
      </Anchor>
      <Text size="xs">{cls.technician_name ?? 'No instructor'}</Text>
      <Text size="xs">
        {cls.booked}/{cls.capacity} booked{cls.waiting ? `, ${cls.waiting} waiting` : ''}
      </Text>
      {cancelled ? (
        <Text size="xs" fw={700} style={{ color: '#7f1d1d' }}>
          Cancelled
        </Text>
      ) : null}
    </Paper>
  );
}

function SeriesTable({ locationId }: { locationId: string }) {
  const { data, error } = useSeriesList(locationId);
  return (
    <Stack gap="xs">
      <Title order={2} size="h3">
        Weekly series
      </Title>
      <ErrorAlert error={error} />
      {data && data.data.length === 0 ? <Text>No weekly series at this location yet: press New series to add one.</Text> : null}
      {data && data.data.length > 0 ? (
        <Table striped aria-label="Weekly series">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Class</Table.Th>
              <Table.Th>Days and time</Table.Th>
              <Table.Th>Instructor</Table.Th>
              <Table.Th>Runs</Table.Th>
              <Table.Th>Upcoming</Table.Th>
              <Table.Th>
                <span className="visually-hidden">Actions</span>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.data.map((series) => (
              <Table.Tr key={series.id}>
                <Table.Td>{series.service_name}</Table.Td>
                <Table.Td>
                  {series.weekdays.map((d) => weekdayNames[d - 1]!.slice(0, 3)).join(', ')} at {series.start_time} ({series.duration_minutes} min)
                </Table.Td>
                <Table.Td>{series.staff_name ?? 'No instructor'}</Table.Td>
                <Table.Td>
                  {formatDay(series.starts_on)} to {formatDay(series.ends_on)}
                </Table.Td>
                <Table.Td>{series.upcoming_classes}</Table.Td>
                <Table.Td>
                  <Button component={Link} to={`/classes/series/${series.id}`} variant="default" size="xs" aria-label={`Edit series ${series.service_name} ${series.start_time}`}>
                    Edit
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
