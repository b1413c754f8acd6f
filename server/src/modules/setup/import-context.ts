import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { Tables } from '../../db/tables.js';
import { entryLabel, type Problems } from './import-problems.js';
import type { ImportFile, ImportSectionName } from './import-schema.js';

/** Every table an import writes, in an order where a row comes after the rows it references. */
export const importedTables = [
  'locations',
  'staff',
  'staff_hours',
  'staff_overrides',
  'staff_time_off',
  'rooms',
  'services',
  'service_staff',
  'membership_plans',
  'package_templates',
  'contacts',
  'memberships',
  'credentials',
  'credential_keys',
  'gift_cards',
  'class_series',
  'classes',
] as const;
export type ImportedTable = (typeof importedTables)[number];
export type Row<T extends keyof Tables> = Insertable<Tables[T]>;
/** A match key's feed sequence is taken inside the writing transaction, so it is not planned. */
export type PlannedRow<T extends ImportedTable> = T extends 'credential_keys' ? Omit<Row<T>, 'feed_seq'> : Row<T>;
export type ImportRows = { [T in ImportedTable]: PlannedRow<T>[] };

/**
 * Who in the file holds a match key, so a clash names both sides. `what` is how a problem may
 * show the identifier: a member code is quoted, a card number never is (it must not reach logs).
 */
export interface KeyClaim {
  where: string;
  what: string;
  kind: 'code' | 'card_uid';
}

/** One entry of the file with the id it will have and the label problems name it by. */
export interface Placed<E> {
  entry: E;
  id: string;
  label: string;
}

/** A section of the file, with its entries findable by ref or id. */
export class Section<E extends { ref?: string | undefined; id?: string | undefined }> {
  readonly items: Placed<E>[];
  private readonly byKey = new Map<string, Placed<E>>();

  constructor(
    readonly name: ImportSectionName,
    readonly noun: string,
    entries: E[],
    problems: Problems,
  ) {
    this.items = entries.map((entry, index) => ({ entry, id: entry.id ?? randomUUID(), label: entryLabel(name, index, entry) }));
    for (const item of this.items) {
      for (const [kind, key] of [
        ['ref', item.entry.ref],
        ['id', item.entry.id],
      ] as const) {
        if (key === undefined) continue;
        const holder = this.byKey.get(key);
        if (holder) problems.add(item.label, `${kind} "${key}" is already used by ${holder.label}`);
        else this.byKey.set(key, item);
      }
    }
  }

  find(reference: string): Placed<E> | undefined {
    return this.byKey.get(reference);
  }
}

type Entry<S extends ImportSectionName> = ImportFile[S][number];
export type FileSections = { [S in ImportSectionName]: Section<Entry<S>> };

const nouns: Record<ImportSectionName, string> = {
  locations: 'location',
  staff: 'staff member',
  rooms: 'room',
  services: 'service',
  membership_plans: 'membership plan',
  package_templates: 'package template',
  contacts: 'contact',
  memberships: 'membership',
  gift_cards: 'gift card',
  classes: 'class',
  class_series: 'class series',
};

export function fileSections(file: ImportFile, problems: Problems): FileSections {
  const section = <S extends ImportSectionName>(name: S) => new Section<Entry<S>>(name, nouns[name], file[name] as Entry<S>[], problems);
  return {
    locations: section('locations'),
    staff: section('staff'),
    rooms: section('rooms'),
    services: section('services'),
    membership_plans: section('membership_plans'),
    package_templates: section('package_templates'),
    contacts: section('contacts'),
    memberships: section('memberships'),
    gift_cards: section('gift_cards'),
    classes: section('classes'),
    class_series: section('class_series'),
  };
}

/** What the planners share while they turn the file into rows. */
export interface PlanContext {
  companyId: string;
  now: string;
  problems: Problems;
  sections: FileSections;
  rows: ImportRows;
  /** The entry a reference names, or undefined after reporting `from`'s dangling `field`. */
  resolve<S extends ImportSectionName>(target: S, reference: string, from: Placed<unknown>, field: string): Placed<Entry<S>> | undefined;
  /** The location id of every location-bound entry already planned (rooms, services, plans, ...). */
  locationOf: Map<string, string>;
  /** Every match key the file's member codes and cards give, and who gives it. */
  keyClaims: Map<string, KeyClaim>;
}

export function planContext(file: ImportFile, companyId: string, now: string, problems: Problems): PlanContext {
  const sections = fileSections(file, problems);
  const rows = Object.fromEntries(importedTables.map((table) => [table, []])) as unknown as ImportRows;
  return {
    companyId,
    now,
    problems,
    sections,
    rows,
    locationOf: new Map(),
    keyClaims: new Map(),
    resolve(target, reference, from, field) {
      const section = sections[target] as Section<Entry<typeof target>>;
      const found = section.find(reference);
      if (!found) problems.add(from.label, `${field} "${reference}" is not a ${section.noun} in this file`);
      return found;
    },
  };
}
