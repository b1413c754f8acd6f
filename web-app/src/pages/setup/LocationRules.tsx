import { Button, Checkbox, ColorInput, Group, Image, Input, NativeSelect, NumberInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { webSetupContracts } from '@studio/shared/contracts/web-setup';
import { useState } from 'react';
import type { AlertAction, LocationSettings, SetupLocation, Weekday } from '../../api/setup.ts';
import { useSetupSave } from '../../api/setup.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { accessHoursOf, spansText, weekdays, weekdayWords } from '../../format/access-hours.ts';
import { errorFor, formError } from './SetupFrame.tsx';

const alertChoices = [
  { value: 'block', label: 'Block: refuse the check-in' },
  { value: 'warn', label: 'Warn: let in, with a warning' },
  { value: 'off', label: 'Off' },
];

/** The largest logo the server keeps (a 400 000-character data URL). */
const maxLogoBytes = 290_000;

type Numbers<T> = { [K in keyof T]: T[K] extends number | null ? K : never }[keyof T];

function readDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

/**
 * A location's rules: check-in alerts, class and appointment rules, access hours, how its readers
 * print card numbers, and its kiosk's branding. Saved as one object; the server checks every field
 * and a refusal is shown beside the field it names.
 */
export function LocationRulesForm({ location }: { location: SetupLocation }) {
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
      data={alertChoices}
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
      setLocalError({ param: 'settings.branding.logo', message: 'Choose a PNG, JPEG or WebP image.' });
      return;
    }
    if (file.size > maxLogoBytes) {
      setLocalError({ param: 'settings.branding.logo', message: 'A logo may be at most about 290 kB; export a smaller PNG or WebP.' });
      return;
    }
    setLocalError(null);
    branding({ logo: await readDataUrl(file) });
  }

  function submit(event: React.FormEvent) {
    event.preventDefault();
    setLocalError(null);
    const { access_hours: _hours, ...rest } = settings;
    let next: LocationSettings = rest;
    if (limited) {
      const parsed = accessHoursOf(hoursText);
      if ('weekday' in parsed) {
        setLocalError({ param: `settings.access_hours.${parsed.weekday}`, message: parsed.message });
        return;
      }
      next = { ...rest, access_hours: parsed.hours };
    }
    save.mutate({ settings: next });
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Location rules">
      <Stack gap="lg">
        <section aria-labelledby="alerts-title">
          <Title order={2} size="h3" id="alerts-title" mb="xs">
            Check-in alerts
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {alert('past_due', 'Past due payment')}
            {alert('no_card', 'No card enrolled')}
            {alert('form_missing', 'Form not signed')}
          </SimpleGrid>
        </section>
        <section aria-labelledby="class-rules-title">
          <Title order={2} size="h3" id="class-rules-title" mb="xs">
            Class rules
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
            {group('classes', 'checkin_opens_minutes_before', 'Check-in opens (minutes before start)')}
            {group('classes', 'checkin_closes_minutes_after', 'Check-in closes (minutes after start)')}
            {group('classes', 'signup_cutoff_minutes', 'Sign-up closes (minutes before start)')}
            {group('classes', 'max_classes_per_day', 'Most classes a day (empty: no limit)')}
            {group('classes', 'cancellation_window_hours', 'Free cancellation until (hours before)')}
            {group('classes', 'booking_horizon_days', 'Bookable ahead (days)')}
            {group('classes', 'waitlist_offer_minutes', 'Waitlist offer lasts (minutes)')}
            {group('classes', 'waitlist_offer_cutoff_hours', 'Offer rather than promote within (hours)')}
          </SimpleGrid>
        </section>
        <section aria-labelledby="appointment-rules-title">
          <Title order={2} size="h3" id="appointment-rules-title" mb="xs">
            Appointment rules
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
            {group('appointments', 'min_notice_minutes', 'Minimum notice (minutes)')}
            {group('appointments', 'horizon_days', 'Bookable ahead (days)')}
            {group('appointments', 'slot_interval_minutes', 'Slot interval (minutes)')}
            {group('appointments', 'cancellation_window_hours', 'Free cancellation until (hours before)')}
          </SimpleGrid>
        </section>
        <section aria-labelledby="hours-title">
          <Title order={2} size="h3" id="hours-title" mb="xs">
            Access hours
          </Title>
          <Checkbox label="Members may check in only during access hours" checked={limited} onChange={(event) => setLimited(event.currentTarget.checked)} mb="sm" />
          {limited ? (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
              {weekdays.map((day) => (
                <TextInput
                  key={day}
                  label={weekdayWords[day]}
                  description="e.g. 06:00-22:00; empty: closed"
                  value={hoursText[day]}
                  onChange={(event) => setHoursText({ ...hoursText, [day]: event.currentTarget.value })}
                  error={hoursError(day)}
                />
              ))}
            </SimpleGrid>
          ) : (
            <Text size="sm">Members may check in whenever the location lets them in.</Text>
          )}
        </section>
        <section aria-labelledby="matching-title">
          <Title order={2} size="h3" id="matching-title" mb="xs">
            Card readers
          </Title>
          <Text size="sm" mb="xs">
            How this location&apos;s readers may print a card number.
          </Text>
          <Group>
            {format('hex', 'Hex numbers')}
            {format('decimal', 'Decimal numbers')}
            {format('wiegand26', 'Wiegand 26 (facility, card)')}
          </Group>
          <NativeSelect
            mt="sm"
            maw={360}
            label="Byte order"
            data={[
              { value: 'both', label: 'Either order' },
              { value: 'forward', label: 'Card order' },
              { value: 'reversed', label: 'Reversed' },
            ]}
            value={settings.matching_profile.byte_order}
            onChange={(event) => setSettings({ ...settings, matching_profile: { ...settings.matching_profile, byte_order: event.currentTarget.value as 'both' } })}
          />
        </section>
        <section aria-labelledby="branding-title">
          <Title order={2} size="h3" id="branding-title" mb="xs">
            Kiosk branding
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Stack gap="xs">
              <Input.Wrapper label="Logo" description="PNG, JPEG or WebP, at most 290 kB" error={fieldError('branding.logo')} id="logo-field">
                <input id="logo-field" type="file" accept="image/png,image/jpeg,image/webp" onChange={(event) => void chooseLogo(event)} style={{ display: 'block', marginTop: 4 }} />
              </Input.Wrapper>
              {settings.branding.logo ? (
                <Group>
                  <Image src={settings.branding.logo} alt="Logo preview" h={64} w="auto" fit="contain" />
                  <Button variant="default" size="xs" onClick={() => branding({ logo: null })}>
                    Remove logo
                  </Button>
                </Group>
              ) : (
                <Text size="sm">No logo: the kiosk shows the business name.</Text>
              )}
            </Stack>
            <ColorInput
              label="Accent colour"
              format="hex"
              withEyeDropper={false}
              value={settings.branding.accent_colour}
              onChange={(value) => branding({ accent_colour: value })}
              error={fieldError('branding.accent_colour')}
            />
            <NativeSelect
              label="Kiosk language"
              data={[
                { value: 'en', label: 'English' },
                { value: 'es', label: 'Español' },
              ]}
              value={settings.branding.language}
              onChange={(event) => branding({ language: event.currentTarget.value as 'en' | 'es' })}
              error={fieldError('branding.language')}
            />
          </SimpleGrid>
        </section>
        <ErrorAlert error={formError(error, (param) => param.startsWith('settings.'))} />
        <Group justify="flex-end">
          {save.isSuccess && !save.isPending ? <Text role="status">Rules saved: check-ins follow them now.</Text> : null}
          <Button type="submit" loading={save.isPending}>
            Save rules
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
