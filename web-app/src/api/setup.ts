import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiRequestError, http } from './http.ts';

/**
 * The setup screens' data, from /app/api/setup (server/src/web/setup/routes.ts). The server checks
 * every field with the import file's rules; a refusal names the field in `param`, which the form
 * shows beside it.
 */

export type AlertAction = 'block' | 'warn' | 'off';
export type Weekday = 'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday' | 'sunday';

export interface LocationSettings {
  appointments: { min_notice_minutes: number; horizon_days: number; slot_interval_minutes: number; cancellation_window_hours: number };
  classes: {
    signup_cutoff_minutes: number;
    max_classes_per_day: number | null;
    cancellation_window_hours: number;
    booking_horizon_days: number;
    waitlist_offer_minutes: number;
    waitlist_offer_cutoff_hours: number;
    checkin_opens_minutes_before: number;
    checkin_closes_minutes_after: number;
  };
  checkin_alerts: { past_due: AlertAction; no_card: AlertAction; form_missing: AlertAction };
  matching_profile: { formats: { hex: boolean; decimal: boolean; wiegand26: boolean }; byte_order: 'forward' | 'reversed' | 'both' };
  access_hours?: Partial<Record<Weekday, { start: string; end: string }[]>>;
  branding: { logo: string | null; accent_colour: string; language: 'en' | 'es' };
}

export interface SetupLocation {
  id: string;
  name: string;
  slug: string;
  timezone: string;
  country: string;
  currency: string;
  address: string | null;
  settings: LocationSettings;
}

export interface StaffMember {
  id: string;
  first_name: string;
  last_name: string | null;
  email: string | null;
}

export interface Room {
  id: string;
  location_id: string;
  name: string;
}

export interface SetupService {
  id: string;
  location_id: string;
  name: string;
  description: string | null;
  category: string | null;
  kind: 'appointment' | 'class';
  duration_minutes: number;
  price_cents: number;
  buffer_before_minutes: number;
  buffer_after_minutes: number;
  room_id: string | null;
  staff_ids: string[];
  requires_entitlement: boolean;
  free_classes: number;
  first_timers_only: boolean;
}

export interface SetupPlan {
  id: string;
  location_id: string;
  name: string;
  price_cents: number;
  billing_interval: 'weekly' | 'monthly' | 'quarterly' | 'yearly' | 'once';
  visit_limit: number | null;
  visit_period: 'day' | 'week' | 'month' | null;
  class_limit_per_week: number | null;
  access_location_ids: string[] | null;
  covered_service_ids: string[] | null;
  door_checkin_consumes: 'visit' | 'nothing';
}

export interface SetupPackage {
  id: string;
  location_id: string;
  name: string;
  price_cents: number;
  total_sessions: number;
  covered_service_ids: string[] | null;
}

export interface GiftCard {
  id: string;
  location_id: string;
  code: string;
  initial_balance_cents: number;
  current_balance_cents: number;
  status: string;
  created_at: string;
}

export type SetupList = 'locations' | 'staff' | 'rooms' | 'services' | 'plans' | 'packages';

const setupKey = (list: SetupList, locationId?: string) => ['setup', list, locationId ?? 'all'] as const;

/** One setup list; `locationId` narrows to one location. */
export function useSetupList<T>(list: SetupList, locationId?: string) {
  const query = locationId ? `?location_id=${encodeURIComponent(locationId)}` : '';
  return useQuery({ queryKey: setupKey(list, locationId), queryFn: ({ signal }) => http.request<{ data: T[] }>(`/setup/${list}${query}`, { signal }) });
}

/** Gift cards from the API's list (GET /v1/gift-cards), newest last. */
export function useGiftCards(locationId: string) {
  return useQuery({
    queryKey: ['setup', 'gift-cards', locationId],
    queryFn: ({ signal }) => http.request<{ data: GiftCard[] }>(`/v1/gift-cards?location_id=${encodeURIComponent(locationId)}&limit=100`, { signal }),
  });
}

/** A create (POST) or change (PATCH) of a setup object; every setup list is refetched after it. */
export function useSetupSave<T>(path: string, method: 'POST' | 'PATCH' = 'POST') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: unknown) => http.request<T>(path, { method, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['setup'] }),
  });
}

/**
 * The server's refusal as an error per field, keyed by its `param` ("price_cents",
 * "settings.classes.checkin_opens_minutes_before"); anything else is for the form's alert.
 */
export function serverFieldError(error: unknown): { param: string | null; message: string } | null {
  if (!(error instanceof ApiRequestError)) return null;
  return { param: error.param, message: error.message };
}
