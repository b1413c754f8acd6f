import { Button, Checkbox, ColorInput, Group, Image, Input, NativeSelect, NumberInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { webSetupContracts } from '@studio/shared/contracts/web-setup';
import { languageNames, languages, type Language } from '@studio/shared/i18n';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AlertAction, LocationSettings, SetupLocation, Weekday } from '../../api/setup.ts';
import { useSetupSave } from '../../api/setup.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { accessHoursOf, spansText, weekdays } from '../../format/access-hours.ts';
import { errorFor, formError } from './SetupFrame.tsx';

const alertActions = ['block', 'warn', 'off'] as const satisfies readonly AlertAction[];

/** The largest logo the server keeps (a 400 000-character data URL). */
const maxLogoBytes = 290_000;

type Numbers<T> = { [K in keyof T]: T[K] extends number | null ? K : never }[keyof T];

/** The file as a data URL, or null when the browser could not read it. */
function readDataUrl(file: File): Promise<string | null> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => resolve(null);
    reader.readAsDataURL(file);
  });
}

/**
 * A location's rules: check-in alerts, class and appointment rules, access hours, how its readers
 * print card numbers, and its kiosk's branding. Saved as one object; the server checks every field
 * and a refusal is shown beside the field it names.
 */
export function LocationRulesForm({ location }: { location: SetupLocation }) {
  const { t } = useTranslation('setup');
  const [settings, setSettings] = useState<LocationSettings>(location.settings);
  const [limited, setLimited] = useState(location.settings.access_hours !== undefined);
  const [hoursText, setHoursText] = useState<Record<Weekday, string>>(
    () => Object.fromEntries(weekdays.map((day) => [day, spansText(location.settings.access_hours?.[day])])) as Record<Weekday, string>,
  );
  const [localError, setLocalError] = useState<{ param: string; message: string } | null>(null);
  const save = useSetupSave({ update: webSetupContracts.webUpdateLocation, id: location.id });
  const error = localError ?? save.error;
  const fieldError = (param: string) => errorFor(error, `settings.${param}`);
  /** A weekday's refusal: its text, or one of its spans (`settings.access_hours.monday.0.end`). */
  const hoursError = (day: Weekday) => {
    const param = (error as { param?: string | null } | null)?.param;
    return param === `settings.access_hours.${day}` || param?.startsWith(`settings.access_hours.${day}.`) ? (error as Error).message : undefined;
  };

  const group = <G extends 'appointments' | 'classes'>(name: G, field: Numbers<LocationSettings[G]>, label: string, options: { description?: string } = {}) => (
    <NumberInput
      label={label}
      description={options.description}
      value={(settings[name][field] as number | null) ?? ''}
      allowDecimal={false}
      allowNegative={false}
      // Emptied: null, which the server refuses beside the field unless it means "no limit".
      onChange={(value) => setSettings({ ...settings, [name]: { ...settings[name], [field]: typeof value === 'number' ? value : null } })}
      error={fieldError(`${name}.${String(field)}`)}
    />
  );
  const alert = (field: keyof LocationSettings['checkin_alerts'], label: string) => (
    <NativeSelect
      label={label}
      data={alertActions.map((action) => ({ value: action, label: t(`rules.alert.${action}`) }))}
      value={settings.checkin_alerts[field]}
      onChange={(event) => setSettings({ ...settings, checkin_alerts: { ...settings.checkin_alerts, [field]: event.currentTarget.value as AlertAction } })}
      error={fieldError(`checkin_alerts.${field}`)}
    />
  );
  const format = (field: keyof LocationSettings['matching_profile']['formats'], label: string) => (
    <Checkbox
      label={label}
      checked={settings.matching_profile.formats[field]}
      onChange={(event) => setSettings({ ...settings, matching_profile: { ...settings.matching_profile, formats: { ...settings.matching_profile.formats, [field]: event.currentTarget.checked } } })}
    />
  );
  const branding = (change: Partial<LocationSettings['branding']>) => setSettings({ ...settings, branding: { ...settings.branding, ...change } });

  async function chooseLogo(event: React.ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    if (!file) return;
    if (!['image/png', 'image/jpeg', 'image/webp'].includes(file.type)) {
      setLocalError({ param: 'settings.branding.logo', message: t('rules.branding.logo_type') });
      return;
    }
    if (file.size > maxLogoBytes) {
      setLocalError({ param: 'settings.branding.logo', message: t('rules.branding.logo_size') });
      return;
    }
    const logo = await readDataUrl(file);
    if (logo === null) {
      setLocalError({ param: 'settings.branding.logo', message: t('rules.branding.logo_unreadable') });
      return;
    }
    setLocalError(null);
    branding({ logo });
  }

  function submit(event: React.FormEvent) {
    event.preventDefault();
    setLocalError(null);
    const { access_hours: _hours, ...rest } = settings;
    let next: LocationSettings = rest;
    if (limited) {
      const parsed = accessHoursOf(hoursText);
      if ('weekday' in parsed) {
        setLocalError({ param: `settings.access_hours.${parsed.weekday}`, message: t('rules.hours.not_a_span', { part: parsed.notASpan }) });
        return;
      }
      next = { ...rest, access_hours: parsed.hours };
    }
    save.mutate({ settings: next });
  }

  return (
    <form onSubmit={submit} noValidate aria-label={t('rules.form')}>
      <Stack gap="lg">
        <section aria-labelledby="alerts-title">
          <Title order={2} size="h3" id="alerts-title" mb="xs">
            {t('rules.alerts.title')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {alert('past_due', t('rules.alerts.past_due'))}
            {alert('no_card', t('rules.alerts.no_card'))}
            {alert('form_missing', t('rules.alerts.form_missing'))}
          </SimpleGrid>
        </section>
        <section aria-labelledby="class-rules-title">
          <Title order={2} size="h3" id="class-rules-title" mb="xs">
            {t('rules.classes.title')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
            {group('classes', 'checkin_opens_minutes_before', t('rules.classes.opens'))}
            {group('classes', 'checkin_closes_minutes_after', t('rules.classes.closes'))}
            {group('classes', 'signup_cutoff_minutes', t('rules.classes.signup_cutoff'))}
            {group('classes', 'max_classes_per_day', t('rules.classes.max_per_day'))}
            {group('classes', 'cancellation_window_hours', t('rules.free_cancellation'))}
            {group('classes', 'booking_horizon_days', t('rules.bookable_ahead'))}
            {group('classes', 'waitlist_offer_minutes', t('rules.classes.waitlist_offer'))}
            {group('classes', 'waitlist_offer_cutoff_hours', t('rules.classes.waitlist_cutoff'))}
            {group('classes', 'reminder_hours_before', t('rules.classes.reminder_hours'))}
          </SimpleGrid>
        </section>
        <section aria-labelledby="appointment-rules-title">
          <Title order={2} size="h3" id="appointment-rules-title" mb="xs">
            {t('rules.appointments.title')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
            {group('appointments', 'min_notice_minutes', t('rules.appointments.min_notice'))}
            {group('appointments', 'horizon_days', t('rules.bookable_ahead'))}
            {group('appointments', 'slot_interval_minutes', t('rules.appointments.slot_interval'))}
            {group('appointments', 'cancellation_window_hours', t('rules.free_cancellation'))}
          </SimpleGrid>
        </section>
        <section aria-labelledby="hours-title">
          <Title order={2} size="h3" id="hours-title" mb="xs">
            {t('rules.hours.title')}
          </Title>
          <Checkbox label={t('rules.hours.limited')} checked={limited} onChange={(event) => setLimited(event.currentTarget.checked)} mb="sm" />
          {limited ? (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
              {weekdays.map((day) => (
                <TextInput
                  key={day}
                  label={t(`weekday.${day}`)}
                  description={t('rules.hours.hint')}
                  value={hoursText[day]}
                  onChange={(event) => setHoursText({ ...hoursText, [day]: event.currentTarget.value })}
                  error={hoursError(day)}
                />
              ))}
            </SimpleGrid>
          ) : (
            <Text size="sm">{t('rules.hours.always')}</Text>
          )}
        </section>
        <section aria-labelledby="matching-title">
          <Title order={2} size="h3" id="matching-title" mb="xs">
            {t('rules.readers.title')}
          </Title>
          <Text size="sm" mb="xs">
            {t('rules.readers.intro')}
          </Text>
          <Group>
            {format('hex', t('rules.readers.hex'))}
            {format('decimal', t('rules.readers.decimal'))}
            {format('wiegand26', t('rules.readers.wiegand26'))}
          </Group>
          <NativeSelect
            mt="sm"
            maw={360}
            label={t('rules.readers.byte_order')}
            data={[
              { value: 'both', label: t('rules.readers.either') },
              { value: 'forward', label: t('rules.readers.forward') },
              { value: 'reversed', label: t('rules.readers.reversed') },
            ]}
            value={settings.matching_profile.byte_order}
            onChange={(event) => setSettings({ ...settings, matching_profile: { ...settings.matching_profile, byte_order: event.currentTarget.value as 'both' } })}
          />
        </section>
        <section aria-labelledby="branding-title">
          <Title order={2} size="h3" id="branding-title" mb="xs">
            {t('rules.branding.title')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Stack gap="xs">
              <Input.Wrapper label={t('rules.branding.logo')} description={t('rules.branding.logo_hint')} error={fieldError('branding.logo')} id="logo-field">
                <input id="logo-field" type="file" accept="image/png,image/jpeg,image/webp" onChange={(event) => void chooseLogo(event)} style={{ display: 'block', marginTop: 4 }} />
              </Input.Wrapper>
              {settings.branding.logo ? (
                <Group>
                  <Image src={settings.branding.logo} alt={t('rules.branding.logo_preview')} h={64} w="auto" fit="contain" />
                  <Button variant="default" size="xs" onClick={() => branding({ logo: null })}>
                    {t('rules.branding.remove_logo')}
                  </Button>
                </Group>
              ) : (
                <Text size="sm">{t('rules.branding.no_logo')}</Text>
              )}
            </Stack>
            <ColorInput
              label={t('rules.branding.accent')}
              format="hex"
              withEyeDropper={false}
              value={settings.branding.accent_colour}
              onChange={(value) => branding({ accent_colour: value })}
              error={fieldError('branding.accent_colour')}
            />
            <NativeSelect
              label={t('rules.branding.language')}
              // Each language in its own name, as a speaker of it looks for it.
              data={languages.map((language) => ({ value: language, label: languageNames[language] }))}
              value={settings.branding.language}
              onChange={(event) => branding({ language: event.currentTarget.value as Language })}
              error={fieldError('branding.language')}
            />
          </SimpleGrid>
        </section>
        <ErrorAlert error={formError(error, (param) => param.startsWith('settings.'))} />
        <Group justify="flex-end">
          {save.isSuccess && !save.isPending ? <Text role="status">{t('rules.saved')}</Text> : null}
          <Button type="submit" loading={save.isPending}>
            {t('rules.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
