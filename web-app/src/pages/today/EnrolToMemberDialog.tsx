import { Button, Group, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import type { SessionLocation, TodayEvent } from '@studio/shared/web-app';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { fullName, useMemberSearch } from '../../api/contacts.ts';
import { Dialog } from '../../components/Dialog.tsx';
import { MembershipSummary } from '../../components/MemberSummary.tsx';

/** What the member's page needs to open Enrol card on the reader that read the card (router state). */
export interface EnrolCardIntent {
  enrolCard: { reader: string | null };
}

/**
 * "Enrol to a member" from an unknown card's row: a member picker, then the member's page with
 * Enrol card open on the reader that read it, the existing flow (the card is offered there by its
 * last four; the number never reaches this page).
 */
export function EnrolToMemberDialog({ event, location, onClose }: { event: TodayEvent | null; location: SessionLocation; onClose: () => void }) {
  const { t } = useTranslation('today');
  const [term, setTerm] = useState('');
  const { data, isFetching } = useMemberSearch(term, location.id, 8);
  const navigate = useNavigate();
  const rows = term.trim().length >= 2 ? (data?.data ?? []) : [];
  const close = () => {
    setTerm('');
    onClose();
  };
  const choose = (contactId: string) => {
    const intent: EnrolCardIntent = { enrolCard: { reader: event?.kind === 'unknown_card' ? event.device_id : null } };
    close();
    void navigate(`/members/${contactId}`, { state: intent });
  };
  return (
    <Dialog opened={event !== null} onClose={close} title={t('enrol.title')} size="md">
      <Stack>
        <Text size="sm">{t('enrol.hint')}</Text>
        <TextInput label={t('enrol.search')} value={term} onChange={(e) => setTerm(e.currentTarget.value)} data-autofocus autoComplete="off" />
        {term.trim().length >= 2 && isFetching && !data ? <Text>{t('enrol.searching')}</Text> : null}
        {term.trim().length >= 2 && data && rows.length === 0 ? <Text>{t('enrol.none')}</Text> : null}
        {rows.length > 0 ? (
          <Stack gap={4} component="ul" aria-label={t('enrol.list')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {rows.map((row) => (
              <li key={row.id}>
                <UnstyledButton onClick={() => choose(row.id)} p="xs" style={{ width: '100%', borderRadius: 4, border: '1px solid #d1d5db' }}>
                  <Group justify="space-between" wrap="nowrap">
                    <Text fw={600}>{fullName(row)}</Text>
                    <MembershipSummary row={row} />
                  </Group>
                </UnstyledButton>
              </li>
            ))}
          </Stack>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('enrol.cancel')}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
