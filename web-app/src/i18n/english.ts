import appointments from './catalogs/en/appointments.json';
import classes from './catalogs/en/classes.json';
import common from './catalogs/en/common.json';
import developers from './catalogs/en/developers.json';
import importExport from './catalogs/en/import.json';
import setup from './catalogs/en/setup.json';
import shell from './catalogs/en/shell.json';

/**
 * The English catalogs, one per namespace: the reference every other language must match key for
 * key (test/catalogs.test.ts), the fallback for a word not yet translated, and the source of the
 * types that make `t('namespace:key')` with an unknown key a type error. A new namespace is a JSON
 * file in each of catalogs/en, catalogs/es and catalogs/de, listed here.
 */
export const english = { appointments, classes, common, developers, import: importExport, setup, shell };

export type Namespace = keyof typeof english;
export const namespaces = Object.keys(english) as Namespace[];
