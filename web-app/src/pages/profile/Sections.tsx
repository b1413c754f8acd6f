import { Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { MemberProfile } from '@studio/shared/web-app';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { call, type BodyOf } from '../../api/call.ts';
import { useProfileMutation } from '../../api/members.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { StatusChip } from '../../components/StatusChip.tsx';
import { reasonInWords, reasonsInWords, sourceInWords } from '../../format/reasons.ts';
import { statusActions } from '../../format/standing.ts';
import { formatDay, formatLocalDateTime } from '../../format/time.ts';
import { useLocale } from '../../i18n/locale.ts';
import { webDeskContracts } from '@studio/shared/contracts/web-desk';

/** The words of a booking's status, for classes and appointments alike; an unknown one reads as its code. */
const bookingStatusKeys = {
  reserved: 'booking.reserved',
  booked: 'booking.booked',
  checked_in: 'booking.checked_in',
  completed: 'booking.completed',
  cancelled: 'booking.cancelled',
  late_cancelled: 'booking.late_cancelled',
  cancelled_late: 'booking.late_cancelled',
  no_show: 'booking.no_show',
} as const;

function Section({ id, title, empty, children }: { id: string; title: string; empty: string | null; children: ReactNode }) {
  return (
    <section aria-labelledby={`section-${id}`}>
      <Title order={2} size="h3" id={`section-${id}`} mb="xs">
        {title}
      </Title>
      {empty ? <Text>{empty}</Text> : children}
    </section>
  );
}

type Held = MemberProfile['memberships'][number];

export function MembershipsSection({ profile, locale }: { profile: MemberProfile; locale: string }) {
  const { t } = useTranslation('profile');
  return (
    <Section id="memberships" title={t('memberships.title')} empty={profile.memberships.length === 0 ? t('memberships.empty') : null}>
      {/* Dates and counts keep to one line; a membership's actions have a row of their own under it, so at 1024 px the plan's name keeps its line too. */}
      <Table aria-label={t('memberships.title')} style={{ whiteSpace: 'nowrap' }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('col.plan')}</Table.Th>
            <Table.Th>{t('col.status')}</Table.Th>
            <Table.Th>{t('col.from')}</Table.Th>
            <Table.Th>{t('col.until')}</Table.Th>
            <Table.Th>{t('col.visits_left')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {profile.memberships.map((held) => (
            <MembershipRow key={held.id} held={held} contactId={profile.contact.id} locale={locale} />
          ))}
        </Table.Tbody>
      </Table>
    </Section>
  );
}

function MembershipRow({ held, contactId, locale }: { held: Held; contactId: string; locale: string }) {
  const { t } = useTranslation('profile');
  const change = useProfileMutation(contactId, (status: BodyOf<'webSetMembershipStatus'>['status']) => call(webDeskContracts.webSetMembershipStatus, { params: { id: held.id }, body: { status } }));
  const left = held.kind === 'package' ? held.credits_remaining : held.visits_remaining;
  const actions = statusActions(held.status);
  const withActions = actions.length > 0 || change.error !== null;
  // The facts and the actions are two rows of one membership: no line between them.
  const joined = withActions ? { borderBottom: 'none' } : undefined;
  return (
    <>
      <Table.Tr style={joined}>
        {/* A very long plan name may still wrap rather than push the table wider than the page. */}
        <Table.Td style={{ whiteSpace: 'normal' }}>
          <Text fw={600}>{held.plan_name}</Text>
          {held.member_code ? <Text size="sm">{t('memberships.code', { code: held.member_code })}</Text> : null}
        </Table.Td>
        <Table.Td>
          <StatusChip status={held.status} />
        </Table.Td>
        <Table.Td>{formatDay(held.start_date, locale)}</Table.Td>
        <Table.Td>{held.end_date ? formatDay(held.end_date, locale) : held.renews_at ? t('memberships.renews', { date: formatDay(held.renews_at, locale) }) : t('memberships.open_ended')}</Table.Td>
        <Table.Td className="tabular">{left === null ? t('memberships.unlimited') : left}</Table.Td>
      </Table.Tr>
      {withActions ? (
        <Table.Tr>
          <Table.Td colSpan={5} pt={0}>
            <Group gap="xs" aria-label={t('memberships.actions_for', { plan: held.plan_name })} role="group">
              {actions.map((action) => (
                <Button
                  key={action.status}
                  size="xs"
                  variant={action.status === 'cancelled' ? 'outline' : 'default'}
                  color={action.status === 'cancelled' ? 'red' : undefined}
                  loading={change.isPending && change.variables === action.status}
                  disabled={change.isPending}
                  onClick={() => change.mutate(action.status)}
                >
                  {t(action.key)}
                </Button>
              ))}
            </Group>
            <ErrorAlert error={change.error} />
          </Table.Td>
        </Table.Tr>
      ) : null}
    </>
  );
}

export function CardsSection({ profile, zone, locale }: { profile: MemberProfile; zone: string; locale: string }) {
  const { t } = useTranslation('profile');
  return (
    <Section id="cards" title={t('cards.title')} empty={profile.cards.length === 0 ? t('cards.empty') : null}>
      <Table aria-label={t('cards.title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('col.card')}</Table.Th>
            <Table.Th>{t('col.added')}</Table.Th>
            <Table.Th>{t('col.action')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {profile.cards.map((card) => (
            <CardRow key={card.id} card={card} contactId={profile.contact.id} zone={zone} locale={locale} />
          ))}
        </Table.Tbody>
      </Table>
    </Section>
  );
}

function CardRow({ card, contactId, zone, locale }: { card: MemberProfile['cards'][number]; contactId: string; zone: string; locale: string }) {
  const { t } = useTranslation('profile');
  const [confirming, setConfirming] = useState(false);
  const revoke = useProfileMutation(contactId, () => call(webDeskContracts.webRevokeCard, { params: { id: card.id } }));
  return (
    <Table.Tr>
      <Table.Td>{t('cards.ending', { last_four: card.last_four })}</Table.Td>
      <Table.Td>{formatLocalDateTime(card.created_at, zone, locale)}</Table.Td>
      <Table.Td>
        {confirming ? (
          <Group gap="xs">
            <Button size="xs" color="red.9" loading={revoke.isPending} onClick={() => revoke.mutate(undefined)}>
              {t('cards.revoke_confirm', { last_four: card.last_four })}
            </Button>
            <Button size="xs" variant="default" onClick={() => setConfirming(false)}>
              {t('cards.keep')}
            </Button>
          </Group>
        ) : (
          <Button size="xs" variant="default" onClick={() => setConfirming(true)}>
            {t('cards.revoke')}
          </Button>
        )}
        <ErrorAlert error={revoke.error} />
      </Table.Td>
    </Table.Tr>
  );
}

export function VisitsSection({ profile, zoneOf, locale }: { profile: MemberProfile; zoneOf: (locationId: string) => string; locale: string }) {
  const { t } = useTranslation('profile');
  const { t: common } = useTranslation();
  const { t: today } = useTranslation('today');
  return (
    <Section id="visits" title={t('visits.title')} empty={profile.visits.length === 0 ? t('visits.empty') : null}>
      <Table aria-label={t('visits.title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('col.when')}</Table.Th>
            <Table.Th>{t('col.where')}</Table.Th>
            <Table.Th>{t('col.notes')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {profile.visits.map((visit) => (
            <Table.Tr key={visit.id}>
              <Table.Td>{formatLocalDateTime(visit.checked_in_at, zoneOf(visit.location_id), locale)}</Table.Td>
              <Table.Td>{sourceInWords(today, visit.source)}</Table.Td>
              <Table.Td>
                {[visit.voided ? t('visits.voided') : '', visit.offline ? t('visits.offline') : '', ...visit.flags.map((flag) => reasonInWords(t, common, flag))].filter(Boolean).join('; ')}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Section>
  );
}

export function DenialsSection({ profile, zoneOf, locale }: { profile: MemberProfile; zoneOf: (locationId: string) => string; locale: string }) {
  const { t } = useTranslation('profile');
  const { t: common } = useTranslation();
  const { t: today } = useTranslation('today');
  return (
    <Section id="denials" title={t('denials.title')} empty={profile.denials.length === 0 ? t('denials.empty') : null}>
      <Table aria-label={t('denials.title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('col.when')}</Table.Th>
            <Table.Th>{t('col.where')}</Table.Th>
            <Table.Th>{t('col.why')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {profile.denials.map((denial) => (
            <Table.Tr key={denial.id}>
              <Table.Td>{formatLocalDateTime(denial.attempted_at, zoneOf(denial.location_id), locale)}</Table.Td>
              <Table.Td>{sourceInWords(today, denial.source)}</Table.Td>
              <Table.Td>
                <Stack gap={0}>
                  <Text fw={600}>{denial.message}</Text>
                  {denial.reasons.length > 0 ? <Text size="sm">{reasonsInWords(t, common, denial.reasons)}</Text> : null}
                </Stack>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Section>
  );
}

export function BookingsSection({ profile, zone, locale }: { profile: MemberProfile; zone: string; locale: string }) {
  const { t } = useTranslation('profile');
  const statusWords = (status: string) => (Object.hasOwn(bookingStatusKeys, status) ? t(bookingStatusKeys[status as keyof typeof bookingStatusKeys]) : status.replaceAll('_', ' '));
  return (
    <Section id="bookings" title={t('bookings.title')} empty={profile.bookings.length === 0 ? t('bookings.empty') : null}>
      <Table aria-label={t('bookings.title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('col.when')}</Table.Th>
            <Table.Th>{t('col.what')}</Table.Th>
            <Table.Th>{t('col.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {profile.bookings.map((booking) => (
            <Table.Tr key={booking.id}>
              <Table.Td>{formatLocalDateTime(booking.starts_at, zone, locale)}</Table.Td>
              <Table.Td>{booking.title}</Table.Td>
              <Table.Td>{statusWords(booking.status)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Section>
  );
}
