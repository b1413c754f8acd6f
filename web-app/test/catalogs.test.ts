import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { languages, messageArguments } from '@studio/shared/i18n';
import { describe, expect, it } from 'vitest';
import { appSources, shownLiterals, sourceDir } from './shown-words.ts';

const catalogDir = join(sourceDir, 'i18n/catalogs');
const readCatalog = (language: string, namespace: string): Record<string, string> => JSON.parse(readFileSync(join(catalogDir, language, `${namespace}.json`), 'utf8'));
const namespacesOf = (language: string) =>
  readdirSync(join(catalogDir, language))
    .map((file) => file.replace(/\.json$/, ''))
    .sort();

/**
 * Messages that read the same in another language on purpose (names of things, units, marks).
 * Listed as `language:namespace:key`.
 */
const sameOnPurpose = new Set<string>([]);

/**
 * Source files not yet moved to the catalogs. This list only shrinks: a file leaves it when its
 * words are in the catalogs, and the test fails if a listed file has no hard-coded words left.
 */
const notYetTranslated = new Set<string>([
  'api/classes.ts',
  'api/http.ts',
  'components/Dialog.tsx',
  'components/ErrorAlert.tsx',
  'components/LocationChoice.tsx',
  'components/LostDevicesBanner.tsx',
  'components/ManagersOnly.tsx',
  'components/MemberSummary.tsx',
  'components/PasswordAgain.tsx',
  'components/StatusChip.tsx',
  'format/access-hours.ts',
  'format/appointments.ts',
  'format/devices.ts',
  'format/feed-words.ts',
  'format/form-errors.ts',
  'format/import-counts.ts',
  'format/reasons.ts',
  'format/standing.ts',
  'format/time.ts',
  'pages/Account.tsx',
  'pages/Developers.tsx',
  'pages/Devices.tsx',
  'pages/Members.tsx',
  'pages/Profile.tsx',
  'pages/Setup.tsx',
  'pages/Staff.tsx',
  'pages/Today.tsx',
  'pages/appointments/AppointmentsPage.tsx',
  'pages/appointments/BookingDialog.tsx',
  'pages/appointments/DayView.tsx',
  'pages/appointments/NewBookingDialog.tsx',
  'pages/appointments/SlotPicker.tsx',
  'pages/appointments/StaffHoursPanel.tsx',
  'pages/appointments/WeekView.tsx',
  'pages/classes/ClassPage.tsx',
  'pages/classes/OneOffClassDialog.tsx',
  'pages/classes/PlacementFields.tsx',
  'pages/classes/SeriesForm.tsx',
  'pages/classes/Timetable.tsx',
  'pages/developers/AddEndpointDialog.tsx',
  'pages/developers/CreateKeyDialog.tsx',
  'pages/developers/DeleteEndpointDialog.tsx',
  'pages/developers/DeleteTestDataDialog.tsx',
  'pages/developers/DeliveryAttempts.tsx',
  'pages/developers/DeliveryLog.tsx',
  'pages/developers/DeliveryRow.tsx',
  'pages/developers/EditEndpointDialog.tsx',
  'pages/developers/EndpointCard.tsx',
  'pages/developers/EndpointFields.tsx',
  'pages/developers/EnvironmentSwitch.tsx',
  'pages/developers/EventTypeChecklist.tsx',
  'pages/developers/KeysSection.tsx',
  'pages/developers/RevokeKeyDialog.tsx',
  'pages/developers/RotateSecretDialog.tsx',
  'pages/developers/SecretOnce.tsx',
  'pages/developers/TestDataSection.tsx',
  'pages/developers/ToggleEndpointDialog.tsx',
  'pages/developers/VerifyHint.tsx',
  'pages/developers/WebhooksSection.tsx',
  'pages/developers/words.ts',
  'pages/devices/CreateDeviceKeyDialog.tsx',
  'pages/profile/CardTakenAlert.tsx',
  'pages/profile/CheckIn.tsx',
  'pages/profile/EditContactDialog.tsx',
  'pages/profile/EnrolCardDialog.tsx',
  'pages/profile/Sections.tsx',
  'pages/profile/SellDialog.tsx',
  'pages/setup/GiftCards.tsx',
  'pages/setup/Import.tsx',
  'pages/setup/LocationDetails.tsx',
  'pages/setup/LocationRules.tsx',
  'pages/setup/Locations.tsx',
  'pages/setup/Packages.tsx',
  'pages/setup/Plans.tsx',
  'pages/setup/Rooms.tsx',
  'pages/setup/Services.tsx',
  'pages/setup/SetupFrame.tsx',
  'pages/setup/SetupPieces.tsx',
  'pages/setup/StaffMembers.tsx',
  'router.tsx',
  'shell/MemberSearch.tsx',
]);

describe('the web app catalogs', () => {
  it('have the same namespaces and keys in every language as in English', () => {
    const english = namespacesOf('en');
    expect(english.length).toBeGreaterThan(0);
    for (const language of languages) {
      expect(namespacesOf(language), language).toEqual(english);
      for (const namespace of english) expect(Object.keys(readCatalog(language, namespace)).sort(), `${language}/${namespace}`).toEqual(Object.keys(readCatalog('en', namespace)).sort());
    }
  });

  it('hold valid ICU messages that fill the same values as English, and translate every word', () => {
    for (const namespace of namespacesOf('en')) {
      const english = readCatalog('en', namespace);
      for (const language of languages) {
        for (const [key, message] of Object.entries(readCatalog(language, namespace))) {
          const where = `${language}:${namespace}:${key}`;
          expect(message.trim().length, where).toBeGreaterThan(0);
          expect(messageArguments(message), where).toEqual(messageArguments(english[key]!));
          if (language !== 'en' && !sameOnPurpose.has(where) && /\p{L}{3,}/u.test(message)) expect(message, where).not.toBe(english[key]);
        }
      }
    }
  });
});

describe('the web app sources', () => {
  it('take every word they show from the catalogs', () => {
    const sources = appSources();
    expect(sources.length).toBeGreaterThan(50);
    const hardCoded = sources.filter((path) => !notYetTranslated.has(relative(sourceDir, path))).flatMap((path) => shownLiterals(path));
    expect(hardCoded).toEqual([]);
  });

  it('list as not yet translated only files that still hard-code words', () => {
    const translated = [...notYetTranslated].filter((file) => shownLiterals(join(sourceDir, file)).length === 0);
    expect(translated).toEqual([]);
  });

  it('would notice a hard-coded word', () => {
    const probe = join(sourceDir, 'router.tsx');
    expect(shownLiterals(probe, 'export const x = <p>Hello there</p>;')).toEqual(['router.tsx: "Hello there"']);
    expect(shownLiterals(probe, 'export const x = <Button aria-label="Close the dialog" />;')).toHaveLength(1);
    expect(shownLiterals(probe, 'export const x = <Button variant="subtle">{t(\'loading\')}</Button>;')).toEqual([]);
  });
});
