/**
 * Row types of every table, as both dialects store them: ids are uuid text, timestamps are
 * ISO 8601 UTC text with milliseconds (so they sort as text), dates are YYYY-MM-DD text,
 * booleans are 0/1 integers and lists are JSON text.
 */
export interface Tables {
  schema_migrations: { name: string; applied_at: string };
  server_settings: { name: string; value: string };
  companies: { id: string; name: string; key_prefix: string; created_at: string };
  api_keys: {
    id: string;
    company_id: string;
    name: string;
    key_hash: string;
    last4: string;
    scopes: string;
    location_ids: string | null;
    created_at: string;
    revoked_at: string | null;
  };
  locations: {
    id: string;
    company_id: string;
    name: string;
    slug: string;
    timezone: string;
    country: string;
    address: string | null;
    settings: string;
    created_at: string;
  };
  staff: {
    id: string;
    company_id: string;
    first_name: string;
    last_name: string | null;
    email: string | null;
    created_at: string;
  };
  staff_hours: {
    id: string;
    staff_id: string;
    location_id: string;
    weekday: number;
    start_time: string;
    end_time: string;
  };
  rooms: { id: string; company_id: string; location_id: string; name: string; created_at: string };
  services: {
    id: string;
    company_id: string;
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
    requires_entitlement: number;
    free_classes: number;
    first_timers_only: number;
    created_at: string;
  };
  service_staff: { service_id: string; staff_id: string };
  membership_plans: {
    id: string;
    company_id: string;
    location_id: string;
    name: string;
    price_cents: number;
    billing_interval: string;
    visit_limit: number | null;
    visit_period: string | null;
    class_limit_per_week: number | null;
    access_location_ids: string | null;
    covered_service_ids: string | null;
    created_at: string;
  };
  package_templates: {
    id: string;
    company_id: string;
    location_id: string;
    name: string;
    price_cents: number;
    total_sessions: number;
    covered_service_ids: string | null;
    created_at: string;
  };
  contacts: {
    id: string;
    company_id: string;
    location_id: string;
    first_name: string;
    last_name: string | null;
    phone: string | null;
    email: string | null;
    notes: string | null;
    search_text: string;
    created_at: string;
    updated_at: string;
  };
  memberships: {
    id: string;
    company_id: string;
    contact_id: string;
    location_id: string;
    kind: 'membership' | 'package';
    plan_id: string | null;
    package_template_id: string | null;
    status: string;
    member_code: string | null;
    start_date: string;
    end_date: string | null;
    credits_total: number | null;
    created_at: string;
    updated_at: string;
  };
  credentials: {
    id: string;
    company_id: string;
    membership_id: string;
    kind: 'card_uid';
    value: string;
    created_at: string;
    revoked_at: string | null;
  };
  gift_cards: {
    id: string;
    company_id: string;
    location_id: string;
    code: string;
    initial_balance_cents: number;
    current_balance_cents: number;
    status: string;
    created_at: string;
  };
  class_series: {
    id: string;
    company_id: string;
    location_id: string;
    service_id: string;
    staff_id: string | null;
    room_id: string | null;
    weekdays: string;
    start_time: string;
    duration_minutes: number;
    capacity: number;
    starts_on: string;
    ends_on: string;
    created_at: string;
  };
  classes: {
    id: string;
    company_id: string;
    location_id: string;
    service_id: string;
    staff_id: string | null;
    room_id: string | null;
    series_id: string | null;
    start_at: string;
    end_at: string;
    capacity: number;
    status: 'scheduled' | 'cancelled';
    created_at: string;
  };
  idempotency_keys: {
    company_id: string;
    key: string;
    method: string;
    path: string;
    request_hash: string;
    response_status: number | null;
    response_body: string | null;
    created_at: string;
  };
}
