import { Button, Group, NativeSelect, Paper, Stack, Text, TextInput } from '@mantine/core';

import { useQueryClient, useMutation } from '@tanstack/react-query';
import { SellMembership } from '@studio/shared/schemas/memberships';

import type { MemberProfile, SessionLocation } from '@studio/shared/web-app';
import { useState } from 'react';
import { call, useContractQuery, type BodyOf } from '../../api/call.ts';
import { profileKey } from '../../api/members.ts';
import { Dialog } from '../../components/Dialog.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { fieldErrors } from '../../format/form-errors.ts';
import { formatMoney } from '../../format/money.ts';
import { formatDay, todayAt } from '../../format/time.ts';
import { membershipsContracts } from '@studio/shared/contracts/memberships';
import { storedValueContracts } from '@studio/shared/contracts/stored-value';

const intervalWords: Record<string, string> = {
  weekly: 'renews every week',
  monthly: 'renews every month',
  quarterly: 'renews every 3 months',
  yearly: 'renews every year',
  once: 'paid once, does not renew',
};

/**
 * Sell a plan: the button says what happens ("Sell Unlimited Monthly, €49.00"). The desk takes the
 * money at its own terminal; this records the sale. One Idempotency-Key per attempt, the button
 * disabled while pending, and the profile shows the sale only once the server confirms it.
 */
export function SellDialog({ opened, onClose, profile, location }: { opened: boolean; onClose: () => void; profile: MemberProfile; location: SessionLocation }) {
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
  const price = plan ? formatMoney(plan.price_cents, location.currency) : '';
  const current = profile.memberships.filter((m) => m.status === 'active' || m.status === 'pending' || m.status === 'past_due');

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
    <Dialog opened={opened} onClose={onClose} title="Sell" size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <ErrorAlert error={plans.error ?? sell.error} />
          <NativeSelect
            label="Plan"
            value={planId}
            onChange={(event) => setPlanId(event.currentTarget.value)}
            error={errors.plan_id ? 'Choose a plan.' : undefined}
            data={[
              { value: '', label: plans.isPending ? 'Loading plans…' : 'Choose a plan' },
              ...(plans.data?.data ?? []).map((p) => ({ value: p.id, label: `${p.name}, ${formatMoney(p.price_cents, location.currency)}` })),
            ]}
            data-autofocus
          />
          <TextInput
            label="Start date"
            type="date"
            value={startDate}
            onChange={(event) => setStartDate(event.currentTarget.value)}
            error={errors.start_date ? 'Enter a date.' : undefined}
            description={`In ${location.name}'s calendar`}
          />
          {current.length > 0 ? (
            <Text fw={600} c="#8a3b00">{`Already holds ${current.map((m) => `${m.plan_name} (${m.status.replace('_', ' ')})`).join(', ')}: check this is not a second sale.`}</Text>
          ) : null}
          {plan ? (
            <Paper withBorder p="sm" bg="gray.0">
              <Text fw={700}>Review</Text>
              {`${plan.name} for ${price}, ${intervalWords[plan.billing_interval] ?? plan.billing_interval}, starting ${startDate ? formatDay(startDate) : 'today'}. Take the payment at the desk terminal.`}
            </Paper>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!plan || sell.isPending} loading={sell.isPending}>
              {plan ? `Sell ${plan.name}, ${price}` : 'Sell a plan'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
