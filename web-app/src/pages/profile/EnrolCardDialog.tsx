import { Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { EnrolTypedCardRequest, type MemberProfile, type SessionLocation } from '@studio/shared/web-app';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, useContractQuery, type BodyOf } from '../../api/call.ts';
import { profileKey } from '../../api/members.ts';
import { Dialog } from '../../components/Dialog.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { cardTaken } from '../../format/card-taken.ts';
import { fieldErrors } from '../../format/form-errors.ts';
import { mainMembership } from '../../format/standing.ts';
import { formatLocalTime } from '../../format/time.ts';
import { useLocale } from '../../i18n/locale.ts';
import { latestScan } from '../../format/scans.ts';
import { CardTakenAlert } from './CardTakenAlert.tsx';
import { webDeskContracts } from '@studio/shared/contracts/web-desk';

const readerKey = 'studio.deskReader';

function rememberedReader(): string {
  try {
    return localStorage.getItem(readerKey) ?? '';
  } catch {
    return '';
  }
}

/**
 * "Add the card just scanned": listens to this workstation's desk reader only and offers its last
 * unknown read of the last two minutes (last four digits only, never the full number). A card can
 * also be typed (or swiped into the field by a keyboard-mode reader).
 */
export function EnrolCardDialog({
  opened,
  onClose,
  profile,
  location,
  reader: readerGiven,
}: {
  opened: boolean;
  onClose: () => void;
  profile: MemberProfile;
  location: SessionLocation;
  reader?: string | undefined;
}) {
  const { t } = useTranslation('profile');
  const { t: common } = useTranslation();
  const locale = useLocale(location);
  const client = useQueryClient();
  const candidates = profile.memberships.filter((m) => m.status !== 'cancelled' && m.status !== 'expired');
  const [membershipId, setMembershipId] = useState(() => mainMembership(candidates)?.id ?? '');
  // The reader of the row the desk came from (Today), else the one this computer remembers.
  const [reader, setReader] = useState(() => readerGiven ?? rememberedReader());
  const [uid, setUid] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const chosenMembership = candidates.some((m) => m.id === membershipId) ? membershipId : (candidates[0]?.id ?? '');

  const scans = useContractQuery(
    webDeskContracts.webDeskScans,
    { query: { location_id: location.id, ...(reader ? { device_id: reader } : {}) } },
    { enabled: opened, refetchInterval: opened ? 2_000 : false },
  );
  const readers = [...new Set([...(reader ? [reader] : []), ...(scans.data?.data ?? []).map((s) => s.device_id)])];
  const scan = latestScan(scans.data?.data ?? [], reader || null, new Date());

  const done = async () => {
    await client.invalidateQueries({ queryKey: profileKey(profile.contact.id) });
    setUid('');
    onClose();
  };
  const enrolScan = useMutation({ mutationFn: (id: string) => call(webDeskContracts.webEnrolDeskScan, { params: { id }, body: { membership_id: chosenMembership } }), onSuccess: done });
  const enrolTyped = useMutation({ mutationFn: (body: BodyOf<'webEnrolTypedCard'>) => call(webDeskContracts.webEnrolTypedCard, { body }), onSuccess: done });
  const enrolError = enrolScan.error ?? enrolTyped.error;
  const taken = cardTaken(enrolError);

  function chooseReader(value: string) {
    setReader(value);
    try {
      localStorage.setItem(readerKey, value);
    } catch {
      // The choice lasts for this page only.
    }
  }

  function submitTyped(event: React.FormEvent) {
    event.preventDefault();
    const parsed = EnrolTypedCardRequest.safeParse({ membership_id: chosenMembership, uid });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    enrolTyped.mutate(parsed.data);
  }

  return (
    <Dialog opened={opened} onClose={onClose} title={t('enrol_card')} size="lg">
      <Stack>
        {candidates.length === 0 ? <Text fw={600}>{t('enrol.sell_first')}</Text> : null}
        {candidates.length > 1 ? (
          <NativeSelect
            label={t('enrol.membership')}
            value={chosenMembership}
            onChange={(e) => setMembershipId(e.currentTarget.value)}
            data={candidates.map((m) => ({ value: m.id, label: t('sell.held', { plan: m.plan_name, status: common(`status.${m.status as 'active' | 'pending' | 'paused' | 'past_due'}`) }) }))}
          />
        ) : null}
        <ErrorAlert error={scans.error ?? (taken ? null : enrolError)} />
        {taken ? <CardTakenAlert error={enrolError} holder={taken.holder} onOpenHolder={onClose} /> : null}
        <NativeSelect
          label={t('enrol.reader')}
          description={t('enrol.reader_hint')}
          value={reader}
          onChange={(e) => chooseReader(e.currentTarget.value)}
          data={[{ value: '', label: t('enrol.any_reader') }, ...readers.map((id) => ({ value: id, label: id }))]}
        />
        {scan ? (
          <Text size="sm">{t('enrol.last_scan', { last_four: scan.last_four, time: formatLocalTime(scan.scanned_at, location.time_zone, locale), device: scan.device_id, format: scan.format })}</Text>
        ) : (
          <Text size="sm">{t('enrol.no_scan')}</Text>
        )}
        <Button onClick={() => scan && enrolScan.mutate(scan.id)} disabled={!scan || !chosenMembership || enrolScan.isPending} loading={enrolScan.isPending}>
          {scan ? t('enrol.add_scanned_ending', { last_four: scan.last_four }) : t('enrol.add_scanned')}
        </Button>
        <form onSubmit={submitTyped} noValidate>
          <Group align="flex-end">
            <TextInput
              label={t('enrol.card_number')}
              description={t('enrol.card_number_hint')}
              value={uid}
              onChange={(e) => setUid(e.currentTarget.value)}
              error={errors.uid}
              autoComplete="off"
              style={{ flex: 1 }}
            />
            <Button type="submit" variant="default" disabled={!chosenMembership || enrolTyped.isPending} loading={enrolTyped.isPending}>
              {t('enrol.add_card')}
            </Button>
          </Group>
        </form>
      </Stack>
    </Dialog>
  );
}
