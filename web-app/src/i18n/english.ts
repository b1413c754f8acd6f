import accounts from './catalogs/en/accounts.json';
import appointments from './catalogs/en/appointments.json';
import classes from './catalogs/en/classes.json';
import common from './catalogs/en/common.json';
import developers from './catalogs/en/developers.json';
import devices from './catalogs/en/devices.json';
import importExport from './catalogs/en/import.json';
import members from './catalogs/en/members.json';
import messages from './catalogs/en/messages.json';
import profile from './catalogs/en/profile.json';
import setup from './catalogs/en/setup.json';
import shell from './catalogs/en/shell.json';
import today from './catalogs/en/today.json';

/**
 * The English catalogs, one per namespace: the reference every other language must match key for
 * key (test/catalogs.test.ts), the fallback for a word not yet translated, and the source of the
 * types that make `t('namespace:key')` with an unknown key a type error. A new namespace is a JSON
 * file in each of catalogs/en, catalogs/es and catalogs/de, listed here.
 */
export const english = { accounts, appointments, classes, common, developers, devices, import: importExport, members, messages, profile, setup, shell, today };

export type Namespace = keyof typeof english;
export const namespaces = Object.keys(english) as Namespace[];
