import { Button, Group, NativeSelect, NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { webSetupContracts } from '@studio/shared/contracts/web-setup';
import type { SessionLocation } from '@studio/shared/web-app';
import { useState } from 'react';
import { useSignedIn } from '../../api/session.ts';
import { useSetupSave, type SetupPlan } from '../../api/setup.ts';
import { Dialog } from '../../components/Dialog.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { LocationChoice } from '../../components/LocationChoice.tsx';
import { formatMoney } from '../../format/money.ts';
import { fromMinorUnits, toMinorUnits } from '../../format/money-input.ts';
import { useLocation } from '../../shell/location.ts';
import { errorFor, formError, SetupFrame } from './SetupFrame.tsx';
import { SetupTable } from './SetupPieces.tsx';

const intervals = [
  { value: 'monthly', label: 'Monthly' },
  { value: 'weekly', label: 'Weekly' },
  { value: 'quarterly', label: 'Quarterly' },
  { value: 'yearly', label: 'Yearly' },
  { value: 'once', label: 'Once' },
];
const intervalWord = (value: string) => intervals.find((interval) => interval.value === value)?.label ?? value;

/** Setup -> Plans sold at the chosen location: price, billing, visit and class limits, where they admit. */
export function PlansPage() {
  const session = useSignedIn();
  const [location] = useLocation(session);
  const owner = session.account.role === 'owner';
  const [editing, setEditing] = useState<SetupPlan | 'new' | null>(null);
  const limits = (plan: SetupPlan) =>
    [plan.visit_limit ? `${plan.visit_limit} visits a ${plan.visit_period}` : 'Unlimited visits', plan.class_limit_per_week ? `${plan.class_limit_per_week} classes a week` : null]
      .filter(Boolean)
      .join(', ');
  return (
    <SetupFrame
      title="Membership plans"
      intro={`Plans sold at ${location.name}. A change to a plan's limits or access reaches its members' check-ins at once.`}
      action={owner ? <Button onClick={() => setEditing('new')}>Add plan</Button> : null}
    >
      <SetupTable
        label="Membership plans"
        list={webSetupContracts.webSetupPlans}
        query={{ location_id: location.id }}
        columns={[
          { header: 'Name', strong: true, cell: (plan) => plan.name },
          { header: 'Price', numeric: true, cell: (plan) => formatMoney(plan.price_cents, location.currency) },
          { header: 'Billing', cell: (plan) => intervalWord(plan.billing_interval) },
          { header: 'Limits', cell: limits },
        ]}
        action={
          owner
            ? {
                header: 'Actions',
                cell: (plan) => (
                  <Button size="xs" variant="default" onClick={() => setEditing(plan)} aria-label={`Edit ${plan.name}`}>
                    Edit
                  </Button>
                ),
              }
            : null
        }
        empty={`No plans at ${location.name} yet.`}
      />
      {editing ? <PlanDialog plan={editing === 'new' ? null : editing} location={location} locations={session.locations} onClose={() => setEditing(null)} /> : null}
    </SetupFrame>
  );
}

const shownParams = ['name', 'price_cents', 'billing_interval', 'visit_limit', 'visit_period', 'class_limit_per_week', 'access_location_ids', 'door_checkin_consumes'];

function PlanDialog({ plan, location, locations, onClose }: { plan: SetupPlan | null; location: SessionLocation; locations: SessionLocation[]; onClose: () => void }) {
  const [values, setValues] = useState({
    name: plan?.name ?? '',
    price: plan ? fromMinorUnits(plan.price_cents, location.currency) : '',
    billing_interval: plan?.billing_interval ?? 'monthly',
    visit_period: (plan?.visit_period ?? '') as NonNullable<SetupPlan['visit_period']> | '',
    door_checkin_consumes: plan?.door_checkin_consumes ?? 'visit',
  });
  const [visitLimit, setVisitLimit] = useState<number | string>(plan?.visit_limit ?? '');
  const [classLimit, setClassLimit] = useState<number | string>(plan?.class_limit_per_week ?? '');
  const [access, setAccess] = useState<string[] | null>(plan ? plan.access_location_ids : [location.id]);
  const [priceError, setPriceError] = useState<string | null>(null);
  const save = useSetupSave({ create: webSetupContracts.webCreatePlan, update: webSetupContracts.webUpdatePlan, id: plan?.id });
  const fieldError = (param: string) => errorFor(save.error, param);
  function submit(event: React.FormEvent) {
    event.preventDefault();
    const price = toMinorUnits(values.price, location.currency);
    if (price === null) {
      setPriceError(`Enter a price in ${location.currency}, e.g. 49.00.`);
      return;
    }
    setPriceError(null);
    const absent = plan ? null : undefined;
    save.mutate(
      {
        ...(plan ? {} : { location_id: location.id }),
        name: values.name,
        price_cents: price,
        billing_interval: values.billing_interval,
        visit_limit: typeof visitLimit === 'number' ? visitLimit : absent,
        visit_period: values.visit_period || absent,
        class_limit_per_week: typeof classLimit === 'number' ? classLimit : absent,
        access_location_ids: access,
        door_checkin_consumes: values.door_checkin_consumes,
      },
      { onSuccess: onClose },
    );
  }
  return (
    <Dialog opened onClose={onClose} title={plan ? `Edit ${plan.name}` : 'Add plan'} size="xl">
      <form onSubmit={submit} noValidate>
        <Stack>
          <ErrorAlert error={formError(save.error, shownParams)} />
          <SimpleGrid cols={2}>
            <TextInput label="Plan name" value={values.name} onChange={(e) => setValues({ ...values, name: e.currentTarget.value })} error={fieldError('name')} data-autofocus />
            <TextInput
              label={`Price (${location.currency})`}
              value={values.price}
              onChange={(e) => setValues({ ...values, price: e.currentTarget.value })}
              error={priceError ?? fieldError('price_cents')}
              inputMode="decimal"
            />
            <NativeSelect
              label="Billing"
              data={intervals}
              value={values.billing_interval}
              onChange={(e) => setValues({ ...values, billing_interval: e.currentTarget.value as 'monthly' })}
              error={fieldError('billing_interval')}
            />
            <NativeSelect
              label="A door check-in outside a class uses"
              data={[
                { value: 'visit', label: 'A visit' },
                { value: 'nothing', label: 'Nothing' },
              ]}
              value={values.door_checkin_consumes}
              onChange={(e) => setValues({ ...values, door_checkin_consumes: e.currentTarget.value as 'visit' })}
              error={fieldError('door_checkin_consumes')}
            />
            <NumberInput label="Visit limit" description="Empty: unlimited" value={visitLimit} onChange={setVisitLimit} allowDecimal={false} allowNegative={false} error={fieldError('visit_limit')} />
            <NativeSelect
              label="Visits counted per"
              data={[
                { value: '', label: 'No visit limit' },
                { value: 'day', label: 'Day' },
                { value: 'week', label: 'Week' },
                { value: 'month', label: 'Month' },
              ]}
              value={values.visit_period}
              onChange={(e) => setValues({ ...values, visit_period: e.currentTarget.value as NonNullable<SetupPlan['visit_period']> })}
              error={fieldError('visit_period')}
            />
            <NumberInput
              label="Classes a week"
              description="Empty: no class limit"
              value={classLimit}
              onChange={setClassLimit}
              allowDecimal={false}
              allowNegative={false}
              error={fieldError('class_limit_per_week')}
            />
          </SimpleGrid>
          <LocationChoice label="Admits at" locations={locations} value={access} onChange={setAccess} allowAll error={fieldError('access_location_ids')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {plan ? 'Save' : 'Add plan'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
