import type { Migration } from './migrate.js';
import { foundation } from './001-foundation.js';
import { members } from './002-members.js';
import { appointments } from './003-appointments.js';
import { classes } from './004-classes.js';
import { contactSearch } from './005-contact-search.js';
import { doorAndClassCredit } from './006-door-and-class-credit.js';
import { visitVoids } from './007-visit-voids.js';
import { replayChecks } from './008-replay-checks.js';
import { undoRecords } from './009-undo-records.js';
import { visitsByLocation } from './010-visits-by-location.js';
import { staffAccounts } from './011-staff-accounts.js';
import { desk } from './012-desk.js';
import { locationCurrency } from './015-location-currency.js';
import { deviceHeartbeats } from './017-device-heartbeats.js';
import { eventsAndWebhooks } from './018-events-and-webhooks.js';
import { deviceKeys } from './019-device-keys.js';
import { staffLanguage } from './020-staff-language.js';
import { passwordLinks } from './021-password-links.js';
import { deniedCardLastFour } from './022-denied-card-last-four.js';
import { memberMessages } from './023-member-messages.js';
import { memberSignIn } from './024-member-sign-in.js';
import { locationPassKeys } from './025-location-pass-keys.js';
import { memberPasses } from './026-member-passes.js';
import { memberCalendarFeeds } from './027-member-calendar-feeds.js';
import { classReminders } from './028-class-reminders.js';

/** In order of application; a migration, once released, never changes. */
export const migrations: Migration[] = [
  foundation,
  members,
  appointments,
  classes,
  contactSearch,
  doorAndClassCredit,
  visitVoids,
  replayChecks,
  undoRecords,
  visitsByLocation,
  staffAccounts,
  desk,
  locationCurrency,
  deviceHeartbeats,
  eventsAndWebhooks,
  deviceKeys,
  staffLanguage,
  passwordLinks,
  deniedCardLastFour,
  memberMessages,
  memberSignIn,
  locationPassKeys,
  memberPasses,
  memberCalendarFeeds,
  classReminders,
];
