import { Badge, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { SessionLocation, TodayEvent } from '@studio/shared/web-app';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useSignedIn } from '../api/session.ts';
import { useToday, useTodayStream, type StreamState } from '../api/today.ts';
import { ErrorAlert } from '../components/ErrorAlert.tsx';
import { LostDevicesBanner } from '../components/LostDevicesBanner.tsx';
import { isAssignable, resultWords } from '../format/feed-words.ts';
import { sourceInWords } from '../format/reasons.ts';
import { formatLocalTime } from '../format/time.ts';
import { useLocation } from '../shell/location.ts';

export function TodayPage() {
  const session = useSignedIn();
  const [location] = useLocation(session);
  const { data, error, isPending } = useToday(location.id);
  const stream = useTodayStream(location.id);
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>Today</Title>
        <StreamIndicator state={stream} zone={location.time_zone} />
      </Group>
      <LostDevicesBanner locationId={location.id} zone={location.time_zone} />
      <ErrorAlert error={error} />
      <SimpleGrid cols={3}>
        <Figure label="Checked in today" value={data?.checked_in} />
        <Figure label="Refused today" value={data?.refused} />
        <Figure label="In now (estimate)" value={data ? data.in_now : undefined} empty="No exit reader" />
      </SimpleGrid>
      <Title order={2} size="h3">
        Check-ins
      </Title>
      {isPending ? <Skeleton height={200} /> : <Feed events={data?.events ?? []} location={location} />}
    </Stack>
  );
}

function Figure({ label, value, empty = '–' }: { label: string; value: number | null | undefined; empty?: string }) {
  const id = `figure-${label.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Paper withBorder p="md" role="group" aria-labelledby={id}>
      <Text id={id} size="sm" fw={600}>
        {label}
      </Text>
      {value === null ? (
        <Text size="lg">{empty}</Text>
      ) : (
        <Text size="2rem" fw={700} className="tabular" style={{ textAlign: 'left' }}>
          {value === undefined ? '…' : value}
        </Text>
      )}
    </Paper>
  );
}

function StreamIndicator({ state, zone }: { state: StreamState; zone: string }) {
  if (state.live) {
    return (
      <Badge size="lg" radius="sm" style={{ color: '#14532d', background: '#dcfce7', textTransform: 'none' }} role="status">
        <span aria-hidden>● </span>
        <span>Live</span>
      </Badge>
    );
  }
  return (
    <Badge size="lg" radius="sm" style={{ color: '#713f12', background: '#fef3c7', textTransform: 'none' }} role="status">
      <span>Reconnecting…</span>
      {state.lastEventAt ? <span> last event {formatLocalTime(state.lastEventAt, zone)}</span> : null}
    </Badge>
  );
}

/**
 * Newest first. While the pointer is over the list, new rows wait above it (a button shows how
 * many) so nothing moves under the pointer; the list is a polite live region and never takes focus.
 */
function Feed({ events, location }: { events: TodayEvent[]; location: SessionLocation }) {
  const [hovered, setHovered] = useState(false);
  const shown = useRef(events);
  if (!hovered) shown.current = events;
  const waiting = hovered ? events.filter((e) => !shown.current.some((s) => s.id === e.id)).length : 0;
  const [, rerender] = useState(0);
  useEffect(() => {
    if (!hovered) rerender((n) => n + 1);
  }, [hovered]);

  if (events.length === 0) return <Text>No check-ins yet today at {location.name}. They appear here as members arrive.</Text>;
  return (
    <div onMouseEnter={() => setHovered(true)} onMouseLeave={() => setHovered(false)}>
      {waiting > 0 ? (
        <Button variant="light" size="xs" mb="xs" onClick={() => setHovered(false)}>
          {waiting} new check-in{waiting === 1 ? '' : 's'}: show
        </Button>
      ) : null}
      <ul className="feed" aria-label="Check-ins" aria-live="polite" aria-relevant="additions">
        {shown.current.map((event) => (
          <FeedRow key={event.id} event={event} zone={location.time_zone} />
        ))}
      </ul>
    </div>
  );
}

function FeedRow({ event, zone }: { event: TodayEvent; zone: string }) {
  const followUp = event.offline && event.flags.includes('ineligible_at_checkin');
  return (
    <li className="feed-row" data-kind={event.kind}>
      <Text className="tabular" w={96} fw={600} style={{ flexShrink: 0 }}>
        {formatLocalTime(event.at, zone)}
      </Text>
      <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
        <Text fw={600}>{event.kind === 'unknown_card' ? `Unknown card at ${event.device_id ?? 'a reader'}` : (event.contact?.name ?? 'Unknown card')}</Text>
        <Text size="sm">{sourceInWords(event.source, event.device_id)}</Text>
      </Stack>
      <Result event={event} />
      {followUp ? (
        <Badge radius="sm" style={{ color: '#7f1d1d', background: '#fee2e2', textTransform: 'none' }}>
          Follow up: let in offline
        </Badge>
      ) : null}
      <RowAction event={event} />
    </li>
  );
}

const resultLook = { visit: { icon: '✓', color: '#14532d' }, denial: { icon: '✕', color: '#7f1d1d' }, unknown_card: { icon: '?', color: '#1f2937' } };

function Result({ event }: { event: TodayEvent }) {
  const look = resultLook[event.kind];
  return (
    <Text fw={600} c={look.color}>
      <span aria-hidden>{look.icon} </span>
      {resultWords(event)}
    </Text>
  );
}

function RowAction({ event }: { event: TodayEvent }) {
  if (isAssignable(event)) {
    return (
      <Button component={Link} to="/members" state={{ assignScan: event.id }} variant="default" size="sm">
        Assign to a member
      </Button>
    );
  }
  if (event.kind === 'unknown_card') return null;
  if (event.kind === 'denial' && event.contact) {
    return (
      <Button component={Link} to={`/members/${event.contact.id}`} variant="default" size="sm">
        Open profile
      </Button>
    );
  }
  return null;
}
