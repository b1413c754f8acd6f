/**
 * The one registry of error codes. Every error the API answers is one of these; the server turns
 * them into the spec's envelope in exactly one place, and clients branch on `type` and `code`.
 */
export const errorTypes = ['invalid_request', 'authentication', 'permission', 'not_found', 'conflict', 'idempotency', 'rate_limit', 'api_error'] as const;
export type ErrorType = (typeof errorTypes)[number];

interface CodeDefinition {
  type: ErrorType;
  status: number;
  description: string;
}

export const errorCodes = {
  invalid_json: { type: 'invalid_request', status: 400, description: 'The body is not valid JSON, or nests objects and arrays more than 64 deep.' },
  invalid_param: { type: 'invalid_request', status: 400, description: 'A parameter has the wrong type or format; `param` names it.' },
  missing_field: { type: 'invalid_request', status: 400, description: 'A required field is absent; `param` names it.' },
  parameter_unknown: { type: 'invalid_request', status: 400, description: 'The body has a field the endpoint does not accept; `param` names it.' },
  unsupported_media_type: { type: 'invalid_request', status: 415, description: 'A body was sent with a Content-Type other than application/json.' },
  request_too_large: { type: 'invalid_request', status: 413, description: 'The body is larger than the operation takes: 64 KiB, unless the operation states more.' },
  url_too_long: { type: 'invalid_request', status: 414, description: 'The URL is longer than the server accepts (4096 characters by default).' },
  headers_too_large: { type: 'invalid_request', status: 431, description: 'The request line and headers are larger than the server accepts (16 KiB by default).' },
  host_not_allowed: {
    type: 'invalid_request',
    status: 421,
    description:
      "The staff web app (`/app`) or the members' app (`/m`) was asked for under a host name the server does not answer under, as a DNS-rebinding page would; localhost, the machine's name and IP addresses always work, other names are added to `ALLOWED_HOSTS`.",
  },
  request_timeout: { type: 'invalid_request', status: 408, description: 'The client took too long to send the request; the connection is closed.' },
  number_too_large: {
    type: 'invalid_request',
    status: 422,
    description: 'A number is larger than the server stores (2147483647, for an amount in cents or a count); `param` names it.',
  },
  booking_rule: { type: 'invalid_request', status: 422, description: 'A booking rule of the location refuses the request (notice, horizon, cutoff, daily maximum, first-timers-only).' },
  entitlement_required: { type: 'invalid_request', status: 422, description: 'The service requires a membership or package and the contact has none.' },
  checkin_window: {
    type: 'invalid_request',
    status: 422,
    description: "The class is not open for check-in at that time: the message says when its window opens or closed in the location's time; the error's `opens_at` and `closes_at` give the window.",
  },
  checkin_blocked: { type: 'invalid_request', status: 422, description: 'A check-in alert of the location blocks the check-in; `reasons` lists the causes.' },
  webhook_url_refused: {
    type: 'invalid_request',
    status: 422,
    description:
      "The webhook URL's host is an address the server does not send to: loopback, link-local, the shared address space 100.64/10, a cloud metadata address or one of the server's own. The message names the rule; the server's WEBHOOK_ALLOW_PRIVATE_TARGETS=on lifts it.",
  },
  import_refused: {
    type: 'invalid_request',
    status: 422,
    description: 'The import file has problems, so nothing was written; `problems` lists every one as `path: message`.',
  },
  import_too_large: {
    type: 'invalid_request',
    status: 422,
    description:
      'The import file is more than one import may take: it would create more than 50,000 classes (one-off classes and every class of every series; `problems` lists each series with its classes), or checking it took more memory than an import may use. Nothing was written: split the file.',
  },
  password_too_weak: {
    type: 'invalid_request',
    status: 422,
    description: 'The new password is shorter than 10 characters or too easy to guess (a zxcvbn score below 3); the message says how to make a better one.',
  },
  invalid_api_key: { type: 'authentication', status: 401, description: 'The key is missing, malformed, unknown or revoked.' },
  invalid_credentials: { type: 'authentication', status: 401, description: 'The email or password is wrong (never saying which), or the staff account is disabled.' },
  invalid_session: { type: 'authentication', status: 401, description: "The staff session (or under /m/api the member's) is missing, unknown, expired or signed out, or its account is disabled." },
  setup_link_invalid: { type: 'authentication', status: 401, description: 'The owner setup link is unknown, already used or expired.' },
  password_link_invalid: { type: 'authentication', status: 401, description: 'The password link (invitation or reset) is unknown, already used, replaced by a newer one or expired.' },
  sign_in_code_invalid: {
    type: 'authentication',
    status: 401,
    description: "The members' app sign-in code or link is wrong, used, expired (10 minutes), replaced by a newer one, or tried wrongly 5 times; ask for a new one.",
  },
  insufficient_scope: { type: 'permission', status: 403, description: 'The key lacks the scope the endpoint needs.' },
  location_not_allowed: { type: 'permission', status: 403, description: 'The target location is outside the locations the key (or staff member) may act on.' },
  csrf_failed: { type: 'permission', status: 403, description: "A web app write lacked the session's CSRF token or a same-origin Origin header; reload the page and try again." },
  device_only: {
    type: 'permission',
    status: 403,
    description:
      "Only a device key may do this, and only for its own device: an offline or backdated check-in, a `source` or `device_id` not the caller's own, a desk scan (a desk reader's key), a heartbeat, voiding a visit its device recorded. `param` names the field. Staff let a refused member in through the desk's override.",
  },
  role_not_allowed: { type: 'permission', status: 403, description: "The staff member's role may not do this (manage accounts, or grant a role above its own)." },
  resource_missing: { type: 'not_found', status: 404, description: 'No such object in this company; `param` names the id.' },
  member_not_found: { type: 'not_found', status: 404, description: 'No membership matches the credential.' },
  route_not_found: { type: 'not_found', status: 404, description: 'No such route.' },
  booking_conflict: { type: 'conflict', status: 409, description: 'The staff member or room is taken at that time.' },
  booking_not_active: { type: 'conflict', status: 409, description: 'The booking is no longer booked (cancelled, completed or a no-show) and cannot change this way.' },
  class_full: { type: 'conflict', status: 409, description: 'The class has no spot left.' },
  class_cancelled: { type: 'conflict', status: 409, description: 'The class is cancelled.' },
  offer_expired: { type: 'conflict', status: 409, description: 'The waitlist offer is past its deadline, or was declined or withdrawn: its spot has gone to the next in line.' },
  not_booked: { type: 'conflict', status: 409, description: 'The contact holds no spot in the class.' },
  card_taken: {
    type: 'conflict',
    status: 409,
    description:
      'Another membership holds this card, or this 4- or 7-byte card with its bytes reversed (a reader printing the other byte order could not tell them apart); `holder` (contact id and name) is given when the staff member may see that contact. Revoke it there first.',
  },
  checked_in_recently: {
    type: 'conflict',
    status: 409,
    description:
      'The member was checked in a few minutes ago (`checked_in_at`, `minutes_ago`); nothing was recorded. Ask whether they really come in again, then send the check-in again with `confirm_again: true`.',
  },
  scan_claimed: { type: 'conflict', status: 409, description: 'The desk scan was enrolled already; tap the card again to read it anew.' },
  scan_expired: { type: 'not_found', status: 410, description: 'The desk scan is older than two minutes and no longer offered; tap the card again.' },
  member_code_taken: { type: 'conflict', status: 409, description: 'Another membership of the company has this member code.' },
  email_taken: { type: 'conflict', status: 409, description: 'Another staff account of the company has this email.' },
  slug_taken: { type: 'conflict', status: 409, description: 'Another location of the company has this slug.' },
  gift_card_code_taken: { type: 'conflict', status: 409, description: 'Another gift card of the company has this code.' },
  phone_taken: { type: 'conflict', status: 409, description: 'Another contact at the location has this phone number.' },
  import_not_dry_run: {
    type: 'conflict',
    status: 409,
    description: 'A commit must carry the content of a clean dry run made by the same staff member in the last hour; dry-run the file again, then commit it.',
  },
  import_in_progress: { type: 'conflict', status: 409, description: 'An import of this company (a dry run or a commit) is still running; wait for it to finish, then try again.' },
  webhook_endpoint_disabled: {
    type: 'conflict',
    status: 409,
    description: 'The webhook endpoint is disabled, so nothing is sent to it; enable it first (its `disabled_reason` says why the server disabled it).',
  },
  idempotency_key_in_use: { type: 'conflict', status: 409, description: 'A request with this Idempotency-Key is still running.' },
  idempotency_key_reused: { type: 'idempotency', status: 422, description: 'The Idempotency-Key was used with another body or endpoint.' },
  rate_limited: { type: 'rate_limit', status: 429, description: 'Too many requests; retry after `Retry-After` seconds.' },
  internal_error: { type: 'api_error', status: 500, description: 'Something went wrong on our side; the request id helps support.' },
  unavailable: { type: 'api_error', status: 503, description: 'The service is briefly unavailable (database unreachable); retry.' },
  storage_full: { type: 'api_error', status: 507, description: "The server's disk is full: nothing was written; retry after `Retry-After` seconds, once space is freed." },
} as const satisfies Record<string, CodeDefinition>;

export type ErrorCode = keyof typeof errorCodes;

export function isErrorCode(value: string): value is ErrorCode {
  return Object.hasOwn(errorCodes, value);
}
