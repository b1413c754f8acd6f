import { z } from 'zod';
import { Cents, Id } from '../schemas/common.js';
import { GiftCardCode, LocationFields, PackageFields, PlanFields, RoomFields, ServiceFields, StaffFields, visitLimitWithPeriod } from './fields.js';

/**
 * What the setup screens and the CLI send to create or change one object: the import file's own
 * fields (import-schema.ts), so an object is checked by one rule however it arrives, with other
 * objects named by id instead of the file's `ref`. An update sends only what changes; null clears
 * an optional field. The merged object is checked again as a whole (`mergedInput`).
 */

const Ids = z.array(Id).max(500);

/** Absent on update: unchanged; null: cleared. */
const clearable = <T extends z.ZodType>(schema: T) => schema.nullable().optional();

type Unwrapped<T> = T extends z.ZodDefault<infer Inner> ? Inner : T;

/** Every field optional, defaults dropped: a field an update leaves out stays as stored, never back to its default. */
function updateOf<S extends z.ZodRawShape>(fields: z.ZodObject<S>) {
  const shape = Object.fromEntries(Object.entries(fields.shape).map(([name, schema]) => [name, ((schema instanceof z.ZodDefault ? schema.unwrap() : schema) as z.ZodType).optional()]));
  return z.strictObject(shape) as unknown as z.ZodObject<{ [K in keyof S]: z.ZodOptional<Unwrapped<S[K]>> }, z.core.$strict>;
}

export const LocationCreate = LocationFields.extend({ currency: LocationFields.shape.currency.unwrap() });
export type LocationCreate = z.infer<typeof LocationCreate>;
export const LocationUpdate = updateOf(LocationFields).extend({ address: clearable(LocationFields.shape.address.unwrap()) });
export type LocationUpdate = z.infer<typeof LocationUpdate>;

export const StaffMemberCreate = StaffFields;
export type StaffMemberCreate = z.infer<typeof StaffMemberCreate>;
export const StaffMemberUpdate = updateOf(StaffFields).extend({ last_name: clearable(StaffFields.shape.last_name.unwrap()), email: clearable(z.email().max(254)) });
export type StaffMemberUpdate = z.infer<typeof StaffMemberUpdate>;

export const RoomCreate = RoomFields.extend({ location_id: Id });
export const RoomUpdate = RoomFields;

const serviceLinks = { room_id: Id.nullable().optional(), staff_ids: Ids.optional() };
export const ServiceCreate = ServiceFields.extend({ location_id: Id, ...serviceLinks });
export type ServiceCreate = z.infer<typeof ServiceCreate>;
export const ServiceUpdate = updateOf(ServiceFields).extend({
  ...serviceLinks,
  description: clearable(ServiceFields.shape.description.unwrap()),
  category: clearable(ServiceFields.shape.category.unwrap()),
});
export type ServiceUpdate = z.infer<typeof ServiceUpdate>;

/** Absent (null on update) access list: the plan admits at every location of the company. */
const planLinks = { access_location_ids: Ids.nullable().optional(), covered_service_ids: Ids.nullable().optional() };
export const PlanCreate = PlanFields.extend({ location_id: Id, ...planLinks }).refine(...visitLimitWithPeriod);
export type PlanCreate = z.infer<typeof PlanCreate>;
export const PlanUpdate = updateOf(PlanFields).extend({
  ...planLinks,
  visit_limit: clearable(PlanFields.shape.visit_limit.unwrap()),
  visit_period: clearable(PlanFields.shape.visit_period.unwrap()),
  class_limit_per_week: clearable(PlanFields.shape.class_limit_per_week.unwrap()),
});
export type PlanUpdate = z.infer<typeof PlanUpdate>;

export const PackageCreate = PackageFields.extend({ location_id: Id, covered_service_ids: Ids.nullable().optional() });
export type PackageCreate = z.infer<typeof PackageCreate>;

export const GiftCardIssue = z.strictObject({ location_id: Id, code: GiftCardCode, balance_cents: Cents });
export type GiftCardIssue = z.infer<typeof GiftCardIssue>;
