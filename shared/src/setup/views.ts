import { z } from 'zod';
import { Id, Timestamp, list } from '../schemas/common.js';
import { billingIntervals } from '../schemas/stored-value.js';
import { LocationSettings } from './location-settings.js';

/** What the setup endpoints answer (the domain's view types, as schemas for the OpenAPI document). */

export const LocationView = z.object({
  id: Id,
  name: z.string(),
  slug: z.string(),
  timezone: z.string(),
  country: z.string(),
  currency: z.string(),
  address: z.string().nullable(),
  settings: LocationSettings,
});

export const StaffMemberView = z.object({ id: Id, first_name: z.string(), last_name: z.string().nullable(), email: z.string().nullable(), created_at: Timestamp });

export const RoomView = z.object({ id: Id, location_id: Id, name: z.string(), created_at: Timestamp });

export const ServiceSetupView = z.object({
  id: Id,
  location_id: Id,
  name: z.string(),
  description: z.string().nullable(),
  category: z.string().nullable(),
  kind: z.enum(['appointment', 'class']),
  duration_minutes: z.number().int(),
  price_cents: z.number().int(),
  buffer_before_minutes: z.number().int(),
  buffer_after_minutes: z.number().int(),
  room_id: Id.nullable(),
  staff_ids: z.array(Id),
  requires_entitlement: z.boolean(),
  free_classes: z.number().int(),
  first_timers_only: z.boolean(),
});

export const PlanSetupView = z.object({
  id: Id,
  location_id: Id,
  name: z.string(),
  price_cents: z.number().int(),
  billing_interval: z.enum(billingIntervals),
  visit_limit: z.number().int().nullable(),
  visit_period: z.enum(['day', 'week', 'month']).nullable(),
  class_limit_per_week: z.number().int().nullable(),
  access_location_ids: z.array(Id).nullable(),
  covered_service_ids: z.array(Id).nullable(),
  door_checkin_consumes: z.enum(['visit', 'nothing']),
});

export const PackageSetupView = z.object({
  id: Id,
  location_id: Id,
  name: z.string(),
  price_cents: z.number().int(),
  total_sessions: z.number().int(),
  covered_service_ids: z.array(Id).nullable(),
  door_checkin_consumes: z.enum(['visit', 'nothing']),
});

export const GiftCardView = z.object({
  id: Id,
  location_id: Id,
  code: z.string(),
  initial_balance_cents: z.number().int(),
  current_balance_cents: z.number().int(),
  status: z.string(),
  created_at: Timestamp,
});

export const LocationViewList = list(LocationView);
export const StaffMemberList = list(StaffMemberView);
export const RoomList = list(RoomView);
export const ServiceSetupList = list(ServiceSetupView);
export const PlanSetupList = list(PlanSetupView);
export const PackageSetupList = list(PackageSetupView);
