import type { Generated } from 'kysely';

/**
 * Row types of every table, as both dialects store them: ids are uuid text, timestamps are
 * ISO 8601 UTC text with milliseconds (so they sort as text), dates are YYYY-MM-DD text,
 * booleans are 0/1 integers and lists are JSON text. `Generated` marks columns added by a later
 * migration with a default, which writers from before it may leave out.
 */
export interface Tables {
  schema_migrations: { name: string; applied_at: string };
  server_settings: { name: string; value: string };
  companies: {
    id: string;
    name: string;
    key_prefix: string;
    created_at: string;
    feed_seq: Generated<number>;
    credential_secret: string | null;
    /** Set on a live company's test-mode twin (migration 018): test keys and test data belong to the twin. */
    live_company_id: Generated<string | null>;
  };
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
    /** Set on authentication at most once a minute (plugins/auth.ts, migration 012). */
    last_used_at: Generated<string | null>;
    /** The device a device key is bound to, and its kind; null for any other key (migration 019). */
    device_id: Generated<string | null>;
    device_kind: Generated<'turnstile' | 'kiosk' | 'desk_reader' | null>;
  };
  locations: {
    id: string;
    company_id: string;
    name: string;
    slug: string;
    timezone: string;
    country: string;
    /** ISO 4217; null: the country's usual currency (015). */
    currency: Generated<string | null>;
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
    /** What a door check-in without a class in its window consumes: `visit` or `nothing` (006). */
    door_checkin_consumes: Generated<'visit' | 'nothing'>;
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
    door_checkin_consumes: Generated<'visit' | 'nothing'>;
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
    form_signed_at: Generated<string | null>;
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
    format: Generated<string | null>;
    canonical: Generated<string | null>;
    created_at: string;
    revoked_at: string | null;
  };
  credential_keys: {
    company_id: string;
    match_key: string;
    membership_id: string;
    credential_id: string | null;
    /** `pass`: a phone-pass holder's row (`P:<membership id>`), so the door knows a member with no card or code. */
    kind: 'code' | 'card_uid' | 'pass';
    feed_seq: number;
    feed_updated_at: string;
    created_at: string;
    revoked_at: string | null;
  };
  visits: {
    id: string;
    company_id: string;
    membership_id: string;
    contact_id: string;
    location_id: string;
    kind: 'facility' | 'class';
    class_id: string | null;
    checked_in_at: string;
    recorded_at: string;
    source: 'kiosk' | 'turnstile' | 'biometric' | 'staff' | 'api';
    device_id: string | null;
    resolved_by: 'code' | 'card_uid' | null;
    offline: number;
    flags: string;
    plan_name: string;
    visits_used: number;
    visits_remaining: number | null;
    /** 0: a door entry that used no allowance, or a voided visit; limits and balances count only counted visits (006). */
    counted: Generated<number>;
    /** Set when the visit was voided (the door never opened): it no longer counts (migration 007). */
    voided_at: Generated<string | null>;
    void_reason: Generated<string | null>;
    /** The staff account that checked the member in at the desk (source `staff`, migration 019). */
    staff_account_id: Generated<string | null>;
  };
  checkin_denials: {
    id: string;
    company_id: string;
    location_id: string;
    membership_id: string | null;
    contact_id: string | null;
    credential_hash: string | null;
    /** The last four characters of an identifier no member holds (migration 022); null otherwise. */
    last_four: string | null;
    reasons: string;
    source: string;
    device_id: string | null;
    attempted_at: string;
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
    /** JSON AccessCheck[] (domain/access-notes.ts); null on rows from before 008. */
    access_checks: string | null;
    created_at: string;
  };
  staff_overrides: {
    id: string;
    staff_id: string;
    location_id: string;
    date: string;
    start_time: string | null;
    end_time: string | null;
  };
  staff_time_off: { id: string; staff_id: string; start_at: string; end_at: string; reason: string | null };
  bookings: {
    id: string;
    company_id: string;
    location_id: string;
    contact_id: string;
    service_id: string;
    staff_id: string;
    room_id: string | null;
    start_at: string;
    end_at: string;
    block_start_at: string;
    block_end_at: string;
    status: 'booked' | 'cancelled' | 'completed' | 'no_show';
    source: string;
    notes: string | null;
    late_cancel: number;
    cancelled_at: string | null;
    cancellation_reason: string | null;
    created_at: string;
    updated_at: string;
  };
  class_attendees: {
    id: string;
    company_id: string;
    class_id: string;
    contact_id: string;
    status: 'reserved' | 'checked_in' | 'cancelled' | 'late_cancelled' | 'no_show';
    paid_by: 'membership' | 'package' | 'free_class' | 'none';
    membership_id: string | null;
    source: 'staff' | 'api' | 'online' | 'kiosk' | 'waitlist';
    excused: number;
    visit_id: string | null;
    guest_of_contact_id: string | null;
    booked_at: string;
    checked_in_at: string | null;
    cancelled_at: string | null;
    /** 1: released by the class's cancellation, so restoring the class gives it back (migration 009). */
    cancelled_with_class: Generated<number>;
    updated_at: string;
  };
  class_waitlist: {
    id: string;
    company_id: string;
    class_id: string;
    contact_id: string;
    status: 'waiting' | 'offered' | 'promoted' | 'expired' | 'cancelled';
    position: number;
    offer_expires_at: string | null;
    /** 1: ended by the class's cancellation, so restoring the class queues it again (migration 009). */
    cancelled_with_class: Generated<number>;
    created_at: string;
    updated_at: string;
  };
  /** One imported file's canonical SHA-256 per company it went into (modules/setup/import-fingerprint.ts). */
  import_fingerprints: {
    id: string;
    company_id: string;
    sha256: string;
    /** 1: the import created the company; 0: it added to an existing one (`--company`). */
    created_company: number;
    imported_at: string;
  };
  staff_accounts: {
    id: string;
    company_id: string;
    /** Lower-cased, so unique per company whatever its case. */
    email: string;
    display_name: string;
    role: 'owner' | 'manager' | 'front_desk';
    /** JSON list; null: every location of the company (owners). */
    location_ids: string | null;
    password_hash: string;
    created_at: string;
    disabled_at: string | null;
    /** The account's own web app language (en, es, de); null: the location's. */
    language: string | null;
  };
  staff_sessions: {
    id: string;
    account_id: string;
    token_hash: string;
    created_at: string;
    last_seen_at: string;
    expires_at: string;
    user_agent: string | null;
    address: string | null;
    revoked_at: string | null;
  };
  staff_login_attempts: { id: string; company_id: string; email: string; address: string; outcome: 'failed' | 'succeeded' | 'refused'; at: string };
  staff_setup_tokens: { id: string; company_id: string; token_hash: string; created_at: string; expires_at: string; used_at: string | null };
  /** A one-time link setting an account's password (migration 021): an invitation or a reset. */
  staff_password_links: {
    id: string;
    company_id: string;
    account_id: string;
    purpose: 'invitation' | 'reset';
    token_hash: string;
    created_at: string;
    expires_at: string;
    used_at: string | null;
  };
  member_messages: {
    id: string;
    company_id: string;
    location_id: string | null;
    contact_id: string | null;
    to_address: string;
    /** Which message: one of messageTemplates (modules/messages/templates/names.ts). */
    template: string;
    language: 'en' | 'es' | 'de';
    /** The template's values, JSON. */
    data: string;
    /** test_mode: a test-mode company's, recorded and never sent. */
    status: 'queued' | 'sent' | 'failed' | 'test_mode';
    attempts: number;
    next_attempt_at: string;
    created_at: string;
    sent_at: string | null;
  };
  /** A member's email choices (migration 026); no row: every default. */
  member_preferences: {
    contact_id: string;
    company_id: string;
    /** 1: class reminders are sent (the default); 0: turned off. */
    class_reminders: number;
    updated_via: 'member' | 'unsubscribe_link';
    updated_at: string;
  };
  /** The reminder of one class spot, made once (migration 026); `message_id` null: none was queued. */
  class_reminders: {
    attendee_id: string;
    company_id: string;
    message_id: string | null;
    created_at: string;
  };
  /** A location's phone-pass key by epoch (migration 025, modules/passes/pass-keys.ts): live until `retired_at`. */
  location_pass_keys: {
    location_id: string;
    epoch: number;
    /** 32 random bytes, base64url. */
    key: string;
    created_at: string;
    retired_at: string | null;
  };
  /** A member's phone pass (migration 026, modules/passes/member-passes.ts). */
  member_passes: {
    contact_id: string;
    company_id: string;
    generation: Generated<number>;
    opened_at: string | null;
    revoked_at: string | null;
  };
  member_message_attempts: {
    id: string;
    message_id: string;
    at: string;
    outcome: 'sent' | 'failed' | 'not_configured' | 'test_mode';
    detail: string | null;
  };
  /** A sign-in code sent to a member (migration 024): hashes only, of the code and of the link's secret. */
  member_sign_in_codes: {
    id: string;
    company_id: string;
    contact_id: string;
    location_id: string;
    code_hash: string;
    link_hash: string;
    created_at: string;
    expires_at: string;
    used_at: string | null;
    wrong_tries: Generated<number>;
  };
  /** A member's signed-in device (migration 024); `ended_by`: 'member', 'staff' or null. */
  member_sessions: {
    id: string;
    company_id: string;
    contact_id: string;
    location_id: string;
    token_hash: string;
    created_at: string;
    last_seen_at: string;
    expires_at: string;
    user_agent: string | null;
    ended_at: string | null;
    ended_by: 'member' | 'staff' | null;
  };
  /** A member's private calendar feed link: its token's hash only (migrations/026). */
  member_calendar_feeds: { contact_id: string; company_id: string; location_id: string; token_hash: string; created_at: string };
  member_sign_in_attempts: { id: string; company_id: string; email: string; address: string; outcome: 'failed' | 'succeeded' | 'refused'; at: string };
  staff_audit_log: {
    id: string;
    company_id: string;
    actor_account_id: string | null;
    /** An account's role code, else the system actor's name, `device <id>` or `api key <id>` (modules/staff-accounts/actor-view.ts). */
    actor_name: string;
    action: string;
    target_account_id: string | null;
    /** JSON of what changed. */
    details: string | null;
    at: string;
  };
  /** An unknown card read at a desk reader (migration 012); `value` is cleared ten minutes after the read. */
  desk_scans: {
    id: string;
    company_id: string;
    location_id: string;
    device_id: string;
    scanned_at: string;
    value: string | null;
    format: string;
    last_four: string;
    claimed_at: string | null;
  };
  /** A refused check-in let through by an owner or manager, with who and why (migration 012). */
  checkin_overrides: {
    id: string;
    company_id: string;
    location_id: string;
    visit_id: string;
    contact_id: string;
    actor_account_id: string | null;
    /** As in `staff_audit_log`; overrides before ActorView stored an account as "Ana (front desk)" (modules/staff-accounts/actor-view.ts). */
    actor_name: string;
    /** JSON list of the reasons overridden. */
    reasons: string;
    reason: string;
    at: string;
  };
  /** The latest heartbeat of a device agent, per company and device (migration 017); `report` is its JSON. */
  device_heartbeats: {
    company_id: string;
    device_id: string;
    location_id: string;
    received_at: string;
    agent_version: string;
    report: string;
  };
  /** The transactional outbox (migration 018): `data` is the resource's JSON as the API shows it. */
  events: {
    id: string;
    company_id: string;
    type: string;
    location_id: string | null;
    data: string;
    created_at: string;
    /** When the event was fanned out into `webhook_deliveries`; null until then. */
    dispatched_at: Generated<string | null>;
  };
  webhook_endpoints: {
    id: string;
    company_id: string;
    url: string;
    description: string;
    /** JSON list of event types; `["*"]` for every type. */
    event_types: string;
    /** 1 or 0. */
    enabled: number;
    disabled_reason: string | null;
    /** `whsec_` + base64 of the signing key (Standard Webhooks). */
    secret: string;
    previous_secret: string | null;
    previous_secret_expires_at: string | null;
    /** When the endpoint's current run of failures began; null while it succeeds. */
    failing_since: string | null;
    created_at: string;
    updated_at: string;
  };
  webhook_deliveries: {
    id: string;
    company_id: string;
    endpoint_id: string;
    event_id: string;
    /** pending | delivered | failed */
    status: string;
    attempts: number;
    /** null once delivered or failed. */
    next_attempt_at: string | null;
    /** A process's claim; another process may take the row once it has passed. */
    claimed_until: string | null;
    claim_token: string | null;
    last_attempt_at: string | null;
    last_status_code: number | null;
    last_latency_ms: number | null;
    last_error: string | null;
    delivered_at: string | null;
    created_at: string;
  };
  webhook_attempts: {
    id: string;
    company_id: string;
    delivery_id: string;
    endpoint_id: string;
    at: string;
    status_code: number | null;
    latency_ms: number;
    error: string | null;
  };
}
