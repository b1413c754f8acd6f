import { randomUUID } from 'node:crypto';
import { ApiError, parseWith } from '@studio/shared';
import { nowIso } from '../../clock/time.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { Db } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import { currencyOf } from '../locations/currency.js';
import { bumpCompanyFeed } from '../feed/sequence.js';
import { requireManager, requireOwner } from '../staff-accounts/setup-role.js';
import { LocationCreate, mergedInput, type LocationUpdate } from './setup-inputs.js';
import { requireLocation } from '../locations/lookup.js';
import { defaultLocationSettings, LocationSettings, parseLocationSettings } from '../locations/settings.js';

/** A location as the setup screens and the CLI show it: every setting with its default filled in. */
export interface LocationView {
  id: string;
  name: string;
  slug: string;
  timezone: string;
  country: string;
  currency: string;
  address: string | null;
  settings: LocationSettings;
}

const columns = ['id', 'name', 'slug', 'timezone', 'country', 'currency', 'address', 'settings'] as const;
type Row = { id: string; name: string; slug: string; timezone: string; country: string; currency: string | null; address: string | null; settings: string };

const view = (row: Row): LocationView => ({ ...row, currency: row.currency ?? currencyOf(row.country), settings: parseLocationSettings(row.settings) });

const slugTaken = (slug: string) => new ApiError('slug_taken', `Another location of this business has the slug "${slug}"; choose another.`, { param: 'slug' });

/** The locations the actor works at, by name, with their settings. */
export async function listSetupLocations(db: Db, actor: Actor): Promise<LocationView[]> {
  requireManager(actor, 'setup');
  let query = db.qb.selectFrom('locations').select(columns).where('company_id', '=', actor.companyId);
  if (actor.locationIds !== null) query = query.where('id', 'in', actor.locationIds.length ? actor.locationIds : ['']);
  return (await db.all(query.orderBy('name').orderBy('id'))).map(view);
}

export async function getSetupLocation(db: Db, actor: Actor, id: string): Promise<LocationView> {
  requireManager(actor, 'setup');
  await requireLocation(db, db, actor, id, 'id');
  return view((await db.first(db.qb.selectFrom('locations').select(columns).where('id', '=', id)))!);
}

/** A new location (the owner's): an IANA zone and a currency are required; settings default. */
export async function createLocation(db: Db, actor: Actor, input: LocationCreate): Promise<LocationView> {
  requireOwner(actor, 'Locations');
  const id = randomUUID();
  const settings = input.settings ?? defaultLocationSettings(input.country);
  try {
    await db.run(
      db.qb.insertInto('locations').values({
        id,
        company_id: actor.companyId,
        name: input.name,
        slug: input.slug,
        timezone: input.timezone,
        country: input.country,
        currency: input.currency,
        address: input.address ?? null,
        settings: JSON.stringify(settings),
        created_at: nowIso(),
      }),
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken(input.slug);
    throw error;
  }
  return getSetupLocation(db, actor, id);
}

/**
 * Changes a location: the owner anything, a manager of the location its settings only. A change
 * of settings or zone moves check-in decisions, so the eligibility feed is bumped with it.
 */
export async function updateLocation(db: Db, actor: Actor, id: string, update: LocationUpdate): Promise<LocationView> {
  requireManager(actor, 'location settings');
  const current = await getSetupLocation(db, actor, id);
  const beyondSettings = Object.keys(update).find((field) => field !== 'settings' && update[field as keyof LocationUpdate] !== undefined);
  if (beyondSettings) requireOwner(actor, `A location's ${beyondSettings.replace('_', ' ')} and other details`);
  const { id: _id, ...stored } = current;
  const next = parseWith(LocationCreate, mergedInput({ ...stored, address: stored.address ?? undefined }, update));
  const settings = next.settings ?? current.settings;
  try {
    await db.transaction(async (tx) => {
      await tx.run(
        db.qb
          .updateTable('locations')
          .set({
            name: next.name,
            slug: next.slug,
            timezone: next.timezone,
            country: next.country,
            currency: next.currency,
            address: next.address ?? null,
            settings: JSON.stringify(settings),
          })
          .where('id', '=', id)
          .where('company_id', '=', actor.companyId),
      );
      if (update.settings !== undefined || next.timezone !== current.timezone) await bumpCompanyFeed(db, tx, actor.companyId);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken(next.slug);
    throw error;
  }
  return getSetupLocation(db, actor, id);
}
