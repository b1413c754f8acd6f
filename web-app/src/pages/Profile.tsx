import { Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { MemberProfile, SessionLocation } from '@studio/shared/web-app';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation as useRouterLocation, useParams } from 'react-router';
import { fullName } from '../api/contacts.ts';
import { call } from '../api/call.ts';
import { useProfile, useProfileMutation } from '../api/members.ts';
import { useSignedIn } from '../api/session.ts';
import { ErrorAlert } from '../components/ErrorAlert.tsx';
import { standing } from '../format/standing.ts';
import { useLocale } from '../i18n/locale.ts';
import { useLocation } from '../shell/location.ts';
import { CheckInResult, useDeskCheckIn } from './profile/CheckIn.tsx';
import { EnrolCardDialog } from './profile/EnrolCardDialog.tsx';
import type { EnrolCardIntent } from './today/EnrolToMemberDialog.tsx';
import { BookingsSection, CardsSection, DenialsSection, MembershipsSection, VisitsSection } from './profile/Sections.tsx';
import { webDeskContracts } from '@studio/shared/contracts/web-desk';

// Loaded after the page: selling and editing are rarer than the desk's first look at a member (web-app/test/bundle-budget.test.ts).
const SellDialog = lazy(() => import('./profile/SellDialog.tsx').then((m) => ({ default: m.SellDialog })));
const EditContactDialog = lazy(() => import('./profile/EditContactDialog.tsx').then((m) => ({ default: m.EditContactDialog })));
// Below the fold, and read for a question more than at the desk's first look: loaded after the page.
const PassSection = lazy(() => import('./profile/PassSection.tsx').then((m) => ({ default: m.PassSection })));
const MessagesSection = lazy(() => import('./profile/MessagesSection.tsx').then((m) => ({ default: m.MessagesSection })));
const AppSessionsSection = lazy(() => import('./profile/AppSessionsSection.tsx').then((m) => ({ default: m.AppSessionsSection })));

const bannerLook = {
  ok: { color: '#14532d', background: '#dcfce7', icon: '✓' },
  warn: { color: '#713f12', background: '#fef3c7', icon: '!' },
  blocked: { color: '#7f1d1d', background: '#fee2e2', icon: '✕' },
  none: { color: '#1f2937', background: '#e5e7eb', icon: '–' },
};

export function ProfilePage() {
  const { t } = useTranslation('profile');
  const { id = '' } = useParams();
  const { data: profile, error, isPending } = useProfile(id);
  if (isPending) return <Skeleton height={240} />;
  if (!profile) return <ErrorAlert error={error} title={t('page.error')} />;
  // Keyed by member: a link to another member's page (a card's holder) starts with no dialog open.
  return <Profile key={profile.contact.id} profile={profile} />;
}

function Profile({ profile }: { profile: MemberProfile }) {
  const { t } = useTranslation('profile');
  const session = useSignedIn();
  const [location] = useLocation(session);
  const locale = useLocale(location);
  // Today's "Enrol to a member" arrives here with Enrol card to open, on the reader that read the card.
  const intent = (useRouterLocation().state as Partial<EnrolCardIntent> | null)?.enrolCard;
  const [dialog, setDialog] = useState<'sell' | 'enrol' | 'edit' | null>(intent ? 'enrol' : null);
  const checkIn = useDeskCheckIn(profile.contact.id, location.id);
  const name = fullName(profile.contact);
  const state = standing(t, profile, locale);
  const look = bannerLook[state.tone];
  const zoneOf = (locationId: string) => session.locations.find((l: SessionLocation) => l.id === locationId)?.time_zone ?? location.time_zone;
  const formSigned = useProfileMutation(profile.contact.id, () => call(webDeskContracts.webSetFormSigned, { params: { id: profile.contact.id }, body: { signed: true } }));

  return (
    <Stack>
      <Paper withBorder p="md">
        <Group justify="space-between" align="flex-start">
          <Stack gap="xs">
            <Title order={1}>{name}</Title>
            <Group gap="xs">
              <Text size="sm">{[profile.contact.phone, profile.contact.email].filter(Boolean).join(' · ')}</Text>
              <Button variant="default" size="sm" onClick={() => setDialog('edit')}>
                {t('edit_details')}
              </Button>
            </Group>
            {profile.contact.notes ? (
              <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                {profile.contact.notes}
              </Text>
            ) : null}
            <div role="status" style={{ color: look.color, background: look.background, padding: '0.5rem 0.75rem', borderRadius: 4, fontWeight: 600 }}>
              <span aria-hidden>{look.icon} </span>
              {state.words}
            </div>
            {profile.form_signed_at ? null : (
              <Group gap="xs">
                <Button variant="default" size="sm" onClick={() => formSigned.mutate(undefined)} loading={formSigned.isPending}>
                  {t('mark_form_signed')}
                </Button>
                <ErrorAlert error={formSigned.error} />
              </Group>
            )}
          </Stack>
          <Group>
            <Button onClick={() => (checkIn.isPending ? undefined : checkIn.mutate({}))} disabled={checkIn.isPending} loading={checkIn.isPending}>
              {t('check_in')}
            </Button>
            <Button variant="default" onClick={() => setDialog('sell')}>
              {t('sell')}
            </Button>
            <Button variant="default" onClick={() => setDialog('enrol')}>
              {t('enrol_card')}
            </Button>
          </Group>
        </Group>
        <CheckInResult mutation={checkIn} name={name} session={session} />
      </Paper>
      <MembershipsSection profile={profile} locale={locale} />
      <CardsSection profile={profile} zone={location.time_zone} locale={locale} />
      <VisitsSection profile={profile} zoneOf={zoneOf} locale={locale} />
      <DenialsSection profile={profile} zoneOf={zoneOf} locale={locale} />
      <BookingsSection profile={profile} zone={location.time_zone} locale={locale} />
      <Suspense fallback={null}>
        <PassSection contactId={profile.contact.id} zone={location.time_zone} locale={locale} />
        <MessagesSection contactId={profile.contact.id} zone={location.time_zone} locale={locale} />
        <AppSessionsSection contactId={profile.contact.id} zone={location.time_zone} locale={locale} />
      </Suspense>
      <Suspense fallback={null}>
        <SellDialog opened={dialog === 'sell'} onClose={() => setDialog(null)} profile={profile} location={location} />
        <EditContactDialog opened={dialog === 'edit'} onClose={() => setDialog(null)} contact={profile.contact} />
      </Suspense>
      <EnrolCardDialog opened={dialog === 'enrol'} onClose={() => setDialog(null)} profile={profile} location={location} reader={intent?.reader ?? undefined} />
    </Stack>
  );
}
