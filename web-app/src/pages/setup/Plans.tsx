import { Button, Group, NativeSelect, NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { webSetupContracts } from '@studio/shared/contracts/web-setup';
import type { SessionLocation } from '@studio/shared/web-app';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedIn } from '../../api/session.ts';
import { useSetupSave, type SetupPlan } from '../../api/setup.ts';
import { Dialog } from '../../components/Dialog.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { LocationChoice } from '../../components/LocationChoice.tsx';
import { formatMoney } from '../../format/money.ts';
import { exampleAmount, fromMinorUnits, toMinorUnits } from '../../format/money-input.ts';
import { useLocale } from '../../i18n/locale.ts';
import { useLocation } from '../../shell/location.ts';
import { errorFor, formError, SetupFrame } from './SetupFrame.tsx';
import { SetupTable } from './SetupPieces.tsx';

const intervals = ['monthly', 'weekly', 'quarterly', 'yearly', 'once'] as const;
const intervalWord = (t: TFunction<'setup'>, value: SetupPlan['billing_interval']) => t(`plans.interval.${value}`);

const visitsPer = { day: 'plans.visits_a_day', week: 'plans.visits_a_week', month: 'plans.visits_a_month' } as const;

/** A plan's limits in words: "8 visits a month, 2 classes a week". */
function limitsOf(t: TFunction<'setup'>, plan: SetupPlan): string {
  const visits = plan.visit_limit && plan.visit_period ? t(visitsPer[plan.visit_period], { count: plan.visit_limit }) : t('plans.unlimited_visits');
  const classes = plan.class_limit_per_week ? t('plans.classes_a_week', { count: plan.class_limit_per_week }) : null;
  return [visits, classes].filter(Boolean).join(', ');
}

/** Setup -> Plans sold at the chosen location: price, billing, visit and class limits, where they admit. */
export function PlansPage() {
  const { t } = useTranslation('setup');
  const session = useSignedIn();
  const [location] = useLocation(session);
  const locale = useLocale(location);
  const owner = session.account.role === 'owner';
  const [editing, setEditing] = useState<SetupPlan | 'new' | null>(null);
  return (
    <SetupFrame title={t('plans.title')} intro={t('plans.intro', { location: location.name })} action={owner ? <Button onClick={() => setEditing('new')}>{t('plans.add')}</Button> : null}>
      <SetupTable
        label={t('plans.title')}
        list={webSetupContracts.webSetupPlans}
        query={{ location_id: location.id }}
        columns={[
          { header: t('name'), strong: true, cell: (plan) => plan.name },
          { header: t('price'), numeric: true, cell: (plan) => formatMoney(plan.price_cents, location.currency, locale) },
          { header: t('plans.billing'), cell: (plan) => intervalWord(t, plan.billing_interval) },
          { header: t('plans.limits'), cell: (plan) => limitsOf(t, plan) },
        ]}
        action={
          owner
            ? {
                header: t('actions'),
                cell: (plan) => (
                  <Button size="xs" variant="default" onClick={() => setEditing(plan)} aria-label={t('edit_named', { name: plan.name })}>
                    {t('edit')}
                  </Button>
                ),
              }
            : null
        }
        empty={t('plans.empty', { location: location.name })}
      />
      {editing ? <PlanDialog plan={editing === 'new' ? null : editing} location={location} locale={locale} locations={session.locations} onClose={() => setEditing(null)} /> : null}
    </SetupFrame>
  );
}

const shownParams = ['name', 'price_cents', 'billing_interval', 'visit_limit', 'visit_period', 'class_limit_per_week', 'access_location_ids', 'door_checkin_consumes'];

function PlanDialog({ plan, location, locale, locations, onClose }: { plan: SetupPlan | null; location: SessionLocation; locale: string; locations: SessionLocation[]; onClose: () => void }) {
  const { t } = useTranslation('setup');
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
      setPriceError(t('price_hint', { currency: location.currency, example: exampleAmount(49, location.currency, locale) }));
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
    <Dialog opened onClose={onClose} title={plan ? t('edit_named', { name: plan.name }) : t('plans.add')} size="xl">
      <form onSubmit={submit} noValidate>
        <Stack>
          <ErrorAlert error={formError(save.error, shownParams)} />
          <SimpleGrid cols={2}>
            <TextInput label={t('plans.name')} value={values.name} onChange={(e) => setValues({ ...values, name: e.currentTarget.value })} error={fieldError('name')} data-autofocus />
            <TextInput
              label={t('price_in', { currency: location.currency })}
              value={values.price}
              onChange={(e) => setValues({ ...values, price: e.currentTarget.value })}
              error={priceError ?? fieldError('price_cents')}
              inputMode="decimal"
            />
            <NativeSelect
              label={t('plans.billing')}
              data={intervals.map((interval) => ({ value: interval, label: intervalWord(t, interval) }))}
              value={values.billing_interval}
              onChange={(e) => setValues({ ...values, billing_interval: e.currentTarget.value as 'monthly' })}
              error={fieldError('billing_interval')}
            />
            <NativeSelect
              label={t('plans.door_uses')}
              data={[
                { value: 'visit', label: t('plans.door_uses.visit') },
                { value: 'nothing', label: t('plans.door_uses.nothing') },
              ]}
              value={values.door_checkin_consumes}
              onChange={(e) => setValues({ ...values, door_checkin_consumes: e.currentTarget.value as 'visit' })}
              error={fieldError('door_checkin_consumes')}
            />
            <NumberInput
              label={t('plans.visit_limit')}
              description={t('plans.visit_limit_hint')}
              value={visitLimit}
              onChange={setVisitLimit}
              allowDecimal={false}
              allowNegative={false}
              error={fieldError('visit_limit')}
            />
            <NativeSelect
              label={t('plans.visit_period')}
              data={[
                { value: '', label: t('plans.visit_period.none') },
                { value: 'day', label: t('plans.visit_period.day') },
                { value: 'week', label: t('plans.visit_period.week') },
                { value: 'month', label: t('plans.visit_period.month') },
              ]}
              value={values.visit_period}
              onChange={(e) => setValues({ ...values, visit_period: e.currentTarget.value as NonNullable<SetupPlan['visit_period']> })}
              error={fieldError('visit_period')}
            />
            <NumberInput
              label={t('plans.class_limit')}
              description={t('plans.class_limit_hint')}
              value={classLimit}
              onChange={setClassLimit}
              allowDecimal={false}
              allowNegative={false}
              error={fieldError('class_limit_per_week')}
            />
          </SimpleGrid>
          <LocationChoice label={t('plans.admits_at')} locations={locations} value={access} onChange={setAccess} allowAll error={fieldError('access_location_ids')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {plan ? t('save') : t('plans.add')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
