import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { Tables } from '../../db/tables.js';
import { entryLabel, type Problems } from './import-problems.js';
import type { ParsedImport } from './import-parse.js';
import type { ExistingSectionName, ImportFile, ImportSectionName } from './import-schema.js';

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

/** What a reference reaches: an entry of the file, or one of the company's (`existing`, whose `entry` is undefined). */
export interface Reached<E> {
  entry: E | undefined;
  id: string;
  label: string;
}

/** An entry of `existing`: found in the company's database by its lookup key. */
export type ExistingReached = Reached<never> & { ref: string };

/** A section of the file, with its entries findable by ref or id, and the existing entries it declares by ref. */
export class Section<E extends { ref?: string | undefined; id?: string | undefined }> {
  readonly items: Placed<E>[];
  private readonly byKey = new Map<string, Reached<E>>();

  constructor(
    readonly name: ImportSectionName,
    readonly noun: string,
    entries: (E | undefined)[],
    problems: Problems,
    /** Refs and ids of the section's entries with schema problems: references to them are not dangling. */
    readonly broken: ReadonlySet<string> = new Set(),
    existing: readonly ExistingReached[] = [],
  ) {
    this.items = entries.flatMap((entry, index) => (entry === undefined ? [] : [{ entry, id: entry.id ?? randomUUID(), label: entryLabel(name, index, entry) }]));
    for (const item of existing) this.claim(problems, item, 'ref', item.ref);
    for (const item of this.items) {
      this.claim(problems, item, 'ref', item.entry.ref);
      this.claim(problems, item, 'id', item.entry.id);
    }
  }

  private claim(problems: Problems, item: Reached<E>, kind: 'ref' | 'id', key: string | undefined): void {
    if (key === undefined) return;
    const holder = this.byKey.get(key);
    if (holder) problems.add(item.label, `${kind} "${key}" is already used by ${holder.label}`);
    else this.byKey.set(key, item);
  }

  find(reference: string): Reached<E> | undefined {
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

/** What the planners need to know of a location, a service or a package, whether in the file or already in the company. */
export interface KnownFacts {
  locations: Map<string, { country: string; timezone: string }>;
  services: Map<string, { kind: 'appointment' | 'class'; location_id: string; duration_minutes: number; room_id: string | null }>;
  /** The staff qualified to give each service (absent: the service lists nobody, so anyone may). */
  serviceStaff: Map<string, Set<string>>;
  packageSessions: Map<string, number>;
}

export const emptyFacts = (): KnownFacts => ({ locations: new Map(), services: new Map(), serviceStaff: new Map(), packageSessions: new Map() });

/** The company's entries the file's `existing` section declares, found in the database. */
export interface ExistingEntries {
  sections: { [S in ExistingSectionName]: ExistingReached[] };
  facts: KnownFacts;
  /** The location id of each existing room, service, plan and package. */
  locationOf: Map<string, string>;
  /** Refs of existing entries that were not found (a problem already says so): references to them are not dangling. */
  unfound: Record<ExistingSectionName, Set<string>>;
}

export function fileSections(parsed: ParsedImport, existing: ExistingEntries, problems: Problems): FileSections {
  const section = <S extends ImportSectionName>(name: S) =>
    new Section<Entry<S>>(
      name,
      nouns[name],
      parsed.sections[name] as (Entry<S> | undefined)[],
      problems,
      new Set([...parsed.brokenKeys[name], ...((existing.unfound as Partial<Record<ImportSectionName, Set<string>>>)[name] ?? [])]),
      (existing.sections as Partial<Record<ImportSectionName, ExistingReached[]>>)[name] ?? [],
    );
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
  /** The entry a reference names, or undefined after reporting `from`'s dangling `field` (unless it names a broken entry). */
  resolve<S extends ImportSectionName>(target: S, reference: string, from: Placed<unknown>, field: string): Reached<Entry<S>> | undefined;
  /** The location id of every location-bound entry already planned or existing (rooms, services, plans, ...). */
  locationOf: Map<string, string>;
  /** Locations, services and packages of the file (as planned) and of the company (existing). */
  known: KnownFacts;
  /** Every match key the file's member codes and cards give, and who gives it. */
  keyClaims: Map<string, KeyClaim>;
  /** The class series planned, in `rows.class_series` order: their classes are expanded as they are written. */
  series: PlannedSeries[];
}

/** A class series of the file: the zone its classes are placed in, and how many it has. */
export interface PlannedSeries {
  id: string;
  zone: string;
  classes: number;
}

export function planContext(parsed: ParsedImport, existing: ExistingEntries, companyId: string, now: string, problems: Problems): PlanContext {
  const sections = fileSections(parsed, existing, problems);
  const rows = Object.fromEntries(importedTables.map((table) => [table, []])) as unknown as ImportRows;
  return {
    companyId,
    now,
    problems,
    sections,
    rows,
    locationOf: new Map(existing.locationOf),
    known: existing.facts,
    keyClaims: new Map(),
    series: [],
    resolve(target, reference, from, field) {
      const section = sections[target] as Section<Entry<typeof target>>;
      const found = section.find(reference);
      if (!found && !section.broken.has(reference)) problems.add(from.label, `${field} "${reference}" is not a ${section.noun} in this file`);
      return found;
    },
  };
}
