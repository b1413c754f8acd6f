import { Button, Group, NativeSelect, Paper, Stack, Text } from '@mantine/core';

import { useQueryClient, useMutation } from '@tanstack/react-query';
import { SellMembership } from '@studio/shared/schemas/memberships';

import type { MemberProfile, SessionLocation } from '@studio/shared/web-app';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, useContractQuery, type BodyOf } from '../../api/call.ts';
import { profileKey } from '../../api/members.ts';
import { DateField } from '../../components/DateField.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { fieldErrors } from '../../format/form-errors.ts';
import { formatMoney } from '../../format/money.ts';
import { formatDay, todayAt } from '../../format/time.ts';
import { useLocale } from '../../i18n/locale.ts';
import { membershipsContracts } from '@studio/shared/contracts/memberships';
import { storedValueContracts } from '@studio/shared/contracts/stored-value';

/** How each billing interval renews, in the `profile` catalog; an unknown interval reads as its code. */
const intervalKeys = {
  weekly: 'sell.interval.weekly',
  monthly: 'sell.interval.monthly',
  quarterly: 'sell.interval.quarterly',
  yearly: 'sell.interval.yearly',
  once: 'sell.interval.once',
} as const;

/**
 * Sell a plan: the button says what happens ("Sell Unlimited Monthly, €49.00"). The desk takes the
 * money at its own terminal; this records the sale. One Idempotency-Key per attempt, the button
 * disabled while pending, and the profile shows the sale only once the server confirms it.
 */
export function SellDialog({ opened, onClose, profile, location }: { opened: boolean; onClose: () => void; profile: MemberProfile; location: SessionLocation }) {
  const { t } = useTranslation('profile');
  const { t: common } = useTranslation();
  const locale = useLocale(location);
  const [planId, setPlanId] = useState('');
  const [startDate, setStartDate] = useState(() => todayAt(location.time_zone, new Date()));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const client = useQueryClient();
  const plans = useContractQuery(storedValueContracts.listMembershipPlans, { query: { location_id: location.id } }, { enabled: opened });
  const sell = useMutation({
    mutationFn: (body: BodyOf<'sellMembership'>) => call(membershipsContracts.sellMembership, { params: { id: profile.contact.id }, body, idempotencyKey: crypto.randomUUID() }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: profileKey(profile.contact.id) });
      setPlanId('');
      onClose();
    },
  });
  const plan = plans.data?.data.find((p) => p.id === planId) ?? null;
  const price = plan ? formatMoney(plan.price_cents, location.currency, locale) : '';
  const current = profile.memberships.filter((m) => m.status === 'active' || m.status === 'pending' || m.status === 'past_due');
  const held = current.map((m) => t('sell.held', { plan: m.plan_name, status: common(`status.${m.status as 'active' | 'pending' | 'past_due'}`) })).join(', ');
  const interval = plan ? (Object.hasOwn(intervalKeys, plan.billing_interval) ? t(intervalKeys[plan.billing_interval as keyof typeof intervalKeys]) : plan.billing_interval) : '';

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (sell.isPending) return;
    const parsed = SellMembership.safeParse({ plan_id: planId, ...(startDate ? { start_date: startDate } : {}) });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    sell.mutate(parsed.data);
  }

  return (
    <Dialog opened={opened} onClose={onClose} title={t('sell')} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <ErrorAlert error={plans.error ?? sell.error} />
          <NativeSelect
            label={t('sell.plan')}
            value={planId}
            onChange={(event) => setPlanId(event.currentTarget.value)}
            error={errors.plan_id ? t('sell.choose_plan_error') : undefined}
            data={[
              { value: '', label: plans.isPending ? t('sell.loading_plans') : t('sell.choose_plan') },
              ...(plans.data?.data ?? []).map((p) => ({ value: p.id, label: t('sell.plan_option', { name: p.name, price: formatMoney(p.price_cents, location.currency, locale) }) })),
            ]}
            data-autofocus
          />
          <DateField
            locale={locale}
            label={t('sell.start_date')}
            value={startDate}
            onChange={setStartDate}
            error={errors.start_date ? t('sell.date_error') : undefined}
            description={t('sell.calendar', { location: location.name })}
          />
          {current.length > 0 ? (
            <Text fw={600} c="#8a3b00">
              {t('sell.already_holds', { plans: held })}
            </Text>
          ) : null}
          {plan ? (
            <Paper withBorder p="sm" bg="gray.0">
              <Text fw={700}>{t('sell.review')}</Text>
              {startDate ? t('sell.review_text', { plan: plan.name, price, interval, date: formatDay(startDate, locale) }) : t('sell.review_text_today', { plan: plan.name, price, interval })}
            </Paper>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" disabled={!plan || sell.isPending} loading={sell.isPending}>
              {plan ? t('sell.submit', { plan: plan.name, price }) : t('sell.submit_none')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
