import { Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { MemberProfile } from '@studio/shared/web-app';
import { useState, type ReactNode } from 'react';
import { call, type BodyOf } from '../../api/call.ts';
import { useProfileMutation } from '../../api/members.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { StatusChip } from '../../components/StatusChip.tsx';
import { reasonInWords, reasonsInWords, sourceInWords } from '../../format/reasons.ts';
import { statusActions } from '../../format/standing.ts';
import { formatDay, formatLocalDateTime } from '../../format/time.ts';
import { webDeskContracts } from '@studio/shared/contracts/web-desk';

function Section({ title, empty, children }: { title: string; empty: string | null; children: ReactNode }) {
  return (
    <section aria-labelledby={`section-${title}`}>
      <Title order={2} size="h3" id={`section-${title}`} mb="xs">
        {title}
      </Title>
      {empty ? <Text>{empty}</Text> : children}
    </section>
  );
}

type Held = MemberProfile['memberships'][number];

export function MembershipsSection({ profile }: { profile: MemberProfile }) {
  return (
    <Section title="Memberships" empty={profile.memberships.length === 0 ? 'No membership or package yet: use Sell.' : null}>
      {/* Dates and counts keep to one line: at 1024 px the plan's name and the buttons wrap instead. */}
      <Table aria-label="Memberships" style={{ whiteSpace: 'nowrap' }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Plan</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>From</Table.Th>
            <Table.Th>Until</Table.Th>
            <Table.Th>Visits left</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {profile.memberships.map((held) => (
            <MembershipRow key={held.id} held={held} contactId={profile.contact.id} />
          ))}
        </Table.Tbody>
      </Table>
    </Section>
  );
}

function MembershipRow({ held, contactId }: { held: Held; contactId: string }) {
  const change = useProfileMutation(contactId, (status: BodyOf<'webSetMembershipStatus'>['status']) => call(webDeskContracts.webSetMembershipStatus, { params: { id: held.id }, body: { status } }));
  const left = held.kind === 'package' ? held.credits_remaining : held.visits_remaining;
  return (
    <Table.Tr>
      <Table.Td style={{ whiteSpace: 'normal' }}>
        <Text fw={600}>{held.plan_name}</Text>
        {held.member_code ? <Text size="sm">Code {held.member_code}</Text> : null}
      </Table.Td>
      <Table.Td>
        <StatusChip status={held.status} />
      </Table.Td>
      <Table.Td>{formatDay(held.start_date)}</Table.Td>
      <Table.Td>{held.end_date ? formatDay(held.end_date) : held.renews_at ? `renews ${formatDay(held.renews_at)}` : 'open-ended'}</Table.Td>
      <Table.Td className="tabular">{left === null ? 'unlimited' : left}</Table.Td>
      <Table.Td>
        <Group gap="xs">
          {statusActions(held.status).map((action) => (
            <Button
              key={action.status}
              size="xs"
              variant={action.status === 'cancelled' ? 'outline' : 'default'}
              color={action.status === 'cancelled' ? 'red' : undefined}
              loading={change.isPending && change.variables === action.status}
              disabled={change.isPending}
              onClick={() => change.mutate(action.status)}
            >
              {action.label}
            </Button>
          ))}
        </Group>
        <ErrorAlert error={change.error} />
      </Table.Td>
    </Table.Tr>
  );
}

export function CardsSection({ profile, zone }: { profile: MemberProfile; zone: string }) {
  return (
    <Section title="Cards" empty={profile.cards.length === 0 ? 'No card: use Enrol card, then tap the card on the desk reader.' : null}>
      <Table aria-label="Cards">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Card</Table.Th>
            <Table.Th>Added</Table.Th>
            <Table.Th>Action</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {profile.cards.map((card) => (
            <CardRow key={card.id} card={card} contactId={profile.contact.id} zone={zone} />
          ))}
        </Table.Tbody>
      </Table>
    </Section>
  );
}

function CardRow({ card, contactId, zone }: { card: MemberProfile['cards'][number]; contactId: string; zone: string }) {
  const [confirming, setConfirming] = useState(false);
  const revoke = useProfileMutation(contactId, () => call(webDeskContracts.webRevokeCard, { params: { id: card.id } }));
  return (
    <Table.Tr>
      <Table.Td>Card ending {card.last_four}</Table.Td>
      <Table.Td>{formatLocalDateTime(card.created_at, zone)}</Table.Td>
      <Table.Td>
        {confirming ? (
          <Group gap="xs">
            <Button size="xs" color="red.9" loading={revoke.isPending} onClick={() => revoke.mutate(undefined)}>
              Revoke card ending {card.last_four}
            </Button>
            <Button size="xs" variant="default" onClick={() => setConfirming(false)}>
              Keep
            </Button>
          </Group>
        ) : (
          <Button size="xs" variant="default" onClick={() => setConfirming(true)}>
            Revoke
          </Button>
        )}
        <ErrorAlert error={revoke.error} />
      </Table.Td>
    </Table.Tr>
  );
}

export function VisitsSection({ profile, zoneOf }: { profile: MemberProfile; zoneOf: (locationId: string) => string }) {
  return (
    <Section title="Visits" empty={profile.visits.length === 0 ? 'No visit yet.' : null}>
      <Table aria-label="Visits">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            <Table.Th>Where</Table.Th>
            <Table.Th>Notes</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {profile.visits.map((visit) => (
            <Table.Tr key={visit.id}>
              <Table.Td>{formatLocalDateTime(visit.checked_in_at, zoneOf(visit.location_id))}</Table.Td>
              <Table.Td>{sourceInWords(visit.source, null)}</Table.Td>
              <Table.Td>{[visit.voided ? 'Voided' : '', visit.offline ? 'Let in offline' : '', ...visit.flags.map(reasonInWords)].filter(Boolean).join('; ')}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Section>
  );
}

export function DenialsSection({ profile, zoneOf }: { profile: MemberProfile; zoneOf: (locationId: string) => string }) {
  return (
    <Section title="Refused check-ins" empty={profile.denials.length === 0 ? 'No refused check-in.' : null}>
      <Table aria-label="Refused check-ins">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            <Table.Th>Where</Table.Th>
            <Table.Th>Why</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {profile.denials.map((denial) => (
            <Table.Tr key={denial.id}>
              <Table.Td>{formatLocalDateTime(denial.attempted_at, zoneOf(denial.location_id))}</Table.Td>
              <Table.Td>{sourceInWords(denial.source, null)}</Table.Td>
              <Table.Td>
                <Stack gap={0}>
                  <Text fw={600}>{denial.message}</Text>
                  {denial.reasons.length > 0 ? <Text size="sm">{reasonsInWords(denial.reasons)}</Text> : null}
                </Stack>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Section>
  );
}

export function BookingsSection({ profile, zone }: { profile: MemberProfile; zone: string }) {
  return (
    <Section title="Bookings" empty={profile.bookings.length === 0 ? 'No upcoming booking.' : null}>
      <Table aria-label="Bookings">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            <Table.Th>What</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {profile.bookings.map((booking) => (
            <Table.Tr key={booking.id}>
              <Table.Td>{formatLocalDateTime(booking.starts_at, zone)}</Table.Td>
              <Table.Td>{booking.title}</Table.Td>
              <Table.Td>{booking.status.replaceAll('_', ' ')}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Section>
  );
}
