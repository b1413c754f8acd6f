import account from './catalogs/en/account.json';
import appointments from './catalogs/en/appointments.json';
import calendar from './catalogs/en/calendar.json';
import classes from './catalogs/en/classes.json';
import common from './catalogs/en/common.json';
import home from './catalogs/en/home.json';
import membership from './catalogs/en/membership.json';
import pass from './catalogs/en/pass.json';
import signIn from './catalogs/en/sign-in.json';

/**
 * The English catalogs, one per namespace: the reference every other language must match key for
 * key (test/catalogs.test.ts), the fallback for a word not yet translated, and the source of the
 * types that make `t('namespace:key')` with an unknown key a type error. A new namespace is a JSON
 * file in each of catalogs/en, catalogs/es and catalogs/de, listed here.
 */
export const english = { account, appointments, calendar, classes, common, home, membership, pass, 'sign-in': signIn };

export type Namespace = keyof typeof english;
export const namespaces = Object.keys(english) as Namespace[];
