import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { SessionLocation, TodayEvent } from '@studio/shared/web-app';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSignedIn } from '../api/session.ts';
import { useToday, useTodayStream, type StreamState } from '../api/today.ts';
import { ErrorAlert } from '../components/ErrorAlert.tsx';
import { LostDevicesBanner } from '../components/LostDevicesBanner.tsx';
import { isEnrollable, reasonWords, resultOf, visitWarnings } from '../format/event-words.ts';
import { formatLocalTime } from '../format/time.ts';
import { useLocation } from '../shell/location.ts';
import { EnrolToMemberDialog } from './today/EnrolToMemberDialog.tsx';

/** The desk's day, read-only: what happened at the doors, each row linking to its member; an unknown card offers to enrol it. */
export function TodayPage() {
  const { t } = useTranslation('today');
  const session = useSignedIn();
  const [location] = useLocation(session);
  const { data, error, isPending } = useToday(location.id);
  const stream = useTodayStream(location.id);
  const [enrolling, setEnrolling] = useState<TodayEvent | null>(null);
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{t('title')}</Title>
        <StreamIndicator state={stream} zone={location.time_zone} />
      </Group>
      <LostDevicesBanner location={location} />
      <ErrorAlert error={error} />
      <SimpleGrid cols={3}>
        <Figure id="checked-in" label={t('figure.checked_in')} value={data?.checked_in} />
        <Figure id="refused" label={t('figure.refused')} value={data?.refused} />
        <Figure id="in-now" label={t('figure.in_now')} value={data ? data.in_now : undefined} empty={t('figure.no_exit_reader')} />
      </SimpleGrid>
      <Title order={2} size="h3">
        {t('heading.check_ins')}
      </Title>
      {isPending ? <Skeleton height={200} /> : <Feed events={data?.events ?? []} location={location} onEnrol={setEnrolling} />}
      <EnrolToMemberDialog event={enrolling} location={location} onClose={() => setEnrolling(null)} />
    </Stack>
  );
}

function Figure({ id, label, value, empty = '–' }: { id: string; label: string; value: number | null | undefined; empty?: string }) {
  return (
    <Paper withBorder p="md" role="group" aria-labelledby={`figure-${id}`}>
      <Text id={`figure-${id}`} size="sm" fw={600}>
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
  const { t } = useTranslation('today');
  if (state.live) {
    return (
      <Badge size="lg" radius="sm" style={{ color: '#14532d', background: '#dcfce7', textTransform: 'none' }} role="status">
        <span aria-hidden>● </span>
        <span>{t('live')}</span>
      </Badge>
    );
  }
  return (
    <Badge size="lg" radius="sm" style={{ color: '#713f12', background: '#fef3c7', textTransform: 'none' }} role="status">
      <span>{t('reconnecting')}</span>
      {state.lastEventAt ? <span> {t('last_event', { time: formatLocalTime(state.lastEventAt, zone) })}</span> : null}
    </Badge>
  );
}

/**
 * Newest first. While the pointer is over the list, new rows wait above it (a button shows how
 * many) so nothing moves under the pointer; the list is a polite live region and never takes focus.
 */
function Feed({ events, location, onEnrol }: { events: TodayEvent[]; location: SessionLocation; onEnrol: (event: TodayEvent) => void }) {
  const { t } = useTranslation('today');
  const [hovered, setHovered] = useState(false);
  const shown = useRef(events);
  if (!hovered) shown.current = events;
  const waiting = hovered ? events.filter((e) => !shown.current.some((s) => s.id === e.id)).length : 0;
  const [, rerender] = useState(0);
  useEffect(() => {
    if (!hovered) rerender((n) => n + 1);
  }, [hovered]);

  if (events.length === 0) return <Text>{t('empty', { location: location.name })}</Text>;
  return (
    <div onMouseEnter={() => setHovered(true)} onMouseLeave={() => setHovered(false)}>
      {waiting > 0 ? (
        <Button variant="light" size="xs" mb="xs" onClick={() => setHovered(false)}>
          {t('new_rows', { count: waiting })}
        </Button>
      ) : null}
      <ul className="feed" aria-label={t('list.label')} aria-live="polite" aria-relevant="additions">
        {shown.current.map((event) => (
          <FeedRow key={event.id} event={event} zone={location.time_zone} onEnrol={onEnrol} />
        ))}
      </ul>
    </div>
  );
}

function FeedRow({ event, zone, onEnrol }: { event: TodayEvent; zone: string; onEnrol: (event: TodayEvent) => void }) {
  const { t } = useTranslation('today');
  const { t: common } = useTranslation();
  const followUp = event.offline && event.flags.includes('ineligible_at_checkin');
  const warnings = visitWarnings(event);
  return (
    <li className="feed-row" data-kind={event.kind}>
      <Text className="tabular" w={96} fw={600} style={{ flexShrink: 0 }}>
        {formatLocalTime(event.at, zone)}
      </Text>
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Who event={event} />
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          <SourceWords event={event} />
        </Text>
        {warnings.length > 0 ? (
          <Group gap={4}>
            {warnings.map((code) => (
              <Badge key={code} radius="sm" style={{ color: '#713f12', background: '#fef3c7', textTransform: 'none' }}>
                {t('warning', { reason: reasonWords(common, code) })}
              </Badge>
            ))}
          </Group>
        ) : null}
      </Stack>
      <Result event={event} />
      {followUp ? (
        <Badge radius="sm" style={{ color: '#7f1d1d', background: '#fee2e2', textTransform: 'none' }}>
          {t('follow_up')}
        </Badge>
      ) : null}
      {isEnrollable(event) ? (
        <Button variant="default" size="sm" onClick={() => onEnrol(event)}>
          {t('enrol')}
        </Button>
      ) : null}
    </li>
  );
}

/** The member's name, a link to their page; an unknown card by its last four only. */
function Who({ event }: { event: TodayEvent }) {
  const { t } = useTranslation('today');
  if (event.contact) {
    return (
      <Anchor component={Link} to={`/members/${event.contact.id}`} fw={600}>
        {event.contact.name}
      </Anchor>
    );
  }
  if (event.kind === 'unknown_card' && !isEnrollable(event) && event.last_four) return <Text fw={600}>{t('card_enrolled', { last_four: event.last_four })}</Text>;
  return <Text fw={600}>{event.last_four ? t('unknown_card', { last_four: event.last_four }) : t('unknown_card.no_digits')}</Text>;
}

const sourceKeys = { kiosk: 'source.kiosk', turnstile: 'source.turnstile', biometric: 'source.biometric', staff: 'source.staff', api: 'source.api' } as const;

/** Where the row happened: the door or desk and its device; a desk check-in names who checked the member in. */
function SourceWords({ event }: { event: TodayEvent }) {
  const { t } = useTranslation('today');
  if (event.source === 'staff' && event.staff_name) return <>{t('source.by_staff', { name: event.staff_name })}</>;
  const source = event.source ? t(sourceKeys[event.source]) : event.kind === 'unknown_card' ? t('source.desk_reader') : t('source.device');
  return <>{event.device_id ? t('source.with_device', { source, device: event.device_id }) : source}</>;
}

const resultLook = { visit: { icon: '✓', color: '#14532d' }, denial: { icon: '✕', color: '#7f1d1d' }, unknown_card: { icon: '?', color: '#1f2937' } };

function Result({ event }: { event: TodayEvent }) {
  const { t } = useTranslation('today');
  const { t: common } = useTranslation();
  const look = resultLook[event.kind];
  const result = resultOf(event);
  return (
    <Text fw={600} c={look.color}>
      <span aria-hidden>{look.icon} </span>
      {result.reason === undefined ? t(result.key) : t(result.key, { reason: reasonWords(common, result.reason) })}
    </Text>
  );
}
