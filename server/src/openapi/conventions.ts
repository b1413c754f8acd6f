import { maxJsonDepth, maxStoredInteger } from '@studio/shared';
import { defaultBodyLimitBytes } from '@studio/shared/contracts';
import type { ServerLimits } from '../plugins/limits.js';
import { locationRule } from '../modules/locations/reach.js';

const seconds = (ms: number) => `${ms / 1000} s`;

/** The API-wide decisions (docs/api-decisions.md), as the OpenAPI document's description; `limits` are the ones it states. */
export const conventions = (limits: ServerLimits): string =>
  `
The HTTP/JSON API of a booking and check-in business: salons, spas, gyms and studios.

## Authentication
Every request but this document carries \`Authorization: Bearer <key>\`. Keys look like
\`<prefix>_sk_live_<secret>\` (256-bit secret, stored only as a SHA-256 hash, shown once at minting).
A missing, malformed, unknown or revoked key is 401 \`invalid_api_key\` with
\`WWW-Authenticate: Bearer realm="studio"\` (and \`error="invalid_token"\` when a key was sent); revocation is
effective at the very next request in every server process.

## Test mode
A test key, \`<prefix>_sk_test_<secret>\`, acts on test data kept apart from live data: every operation
works the same, but a test key never reads or changes live data and a live key never sees test data (a
live id sent with a test key, or the reverse, is 404 \`resource_missing\`; lists show only the key's own
environment). \`GET /ping\` answers \`environment: "test"\` and the test mode's own \`company_id\`. Test keys
are minted by \`studio keys create --test\` or on the web app's Developers page; \`studio demo --test\`
loads the demo business as test data. Webhook endpoints and events belong to one environment.

## Scopes
A key lacking the route's scope is 403 \`insufficient_scope\` (checked before the body is read). Each
operation's \`security\` lists the scopes that grant it, one requirement per scope: any one of them suffices
(a requirement naming two scopes needs both).
${locationRule}
An id of another company is 404
\`resource_missing\`: a key never learns what exists elsewhere.

## Errors
Every error is \`{"error": {type, code, message, param?, request_id}}\` and every response carries a
\`Request-Id\` header equal to \`error.request_id\`. Unknown body or query fields: 400
\`parameter_unknown\`; wrong types and formats (including a malformed id in the path): 400
\`invalid_param\`; a required field missing: 400 \`missing_field\`; invalid JSON: 400 \`invalid_json\`;
a body larger than its operation takes (${defaultBodyLimitBytes / 1024} KiB unless it states more): 413 \`request_too_large\`; a body that is not \`application/json\` (\`text/plain\`
included): 415 \`unsupported_media_type\` with \`param: "Content-Type"\`; an unknown route: 404
\`route_not_found\`. An empty body counts as \`{}\`, so where \`{}\` is valid the body is optional. A
body is a JSON object: an array, \`null\`, a number, a string or a boolean is 400 \`invalid_param\`
with \`param: "body"\`, on every operation, one that takes no body included (a GET's body is not read).
An integer above ${maxStoredInteger} (the most an amount in cents or a count may be)
is 422 \`number_too_large\`, naming it in \`param\`. Well-formed input that breaks a business rule is 422. A 5xx never shows internals; 503
\`unavailable\` (with \`Retry-After\`) means the database could not be reached, and 507
\`storage_full\` (with \`Retry-After\`) that the server's disk is full: nothing was written, reads
still work, and the same request with the same \`Idempotency-Key\` succeeds once space is freed.

## Pagination
Lists take \`limit\` (1 to 100, default 25) and \`cursor\` and answer \`{data, next_cursor}\`, oldest
first (visits and refused check-ins newest first), by keyset (no gap and no repeat while rows are added). Cursors are opaque and signed: bound to
the company, the route and the filters that produced them. Altered, or used with other filters, a
cursor is 400 \`invalid_param\` with \`param: "cursor"\`.

## Idempotency
Creates accept \`Idempotency-Key\` (1 to 255 characters; longer is 400 \`invalid_param\`,
\`param: "Idempotency-Key"\`). A key is scoped to the company and remembers the method, path and
body (compared as canonical JSON). The same request again replays the stored status and body with
\`Idempotent-Replayed: true\` (a replayed error's \`request_id\` is the first request's, also sent as
\`Original-Request\`; \`Request-Id\` is the replay's own); the key with another body or endpoint is 422 \`idempotency_key_reused\`.
A duplicate arriving while the first is still running waits for it (up to 10 s), then replays; if
the first is still running after that, 409 \`idempotency_key_in_use\`. A request that itself waits
over 10 s on records another change holds is 503 \`unavailable\`: nothing written, the key free for
the retry. Stored: successes and business
refusals (404, 409, 422). Not stored: 401, 403, 429, validation 400s and 5xx, so a corrected retry
runs. Keys are kept for at least 24 hours (48 in practice). Another key of the company sending the
same key and body is replayed the answer only if it could have been given it: the locations, the
contacts within reach and the scopes the answer depended on are checked again for that key (403
\`location_not_allowed\` or \`insufficient_scope\` otherwise, not stored).

## Limits
These are the defaults; a server's environment may change them (README, Limits). Each key may make
${limits.rateLimitMax} requests per ${seconds(limits.rateLimitWindowMs)} window, counted by each server process; over
that, 429 \`rate_limited\` with \`Retry-After\` (seconds until the window ends). Requests refused for
a missing or invalid key count per client IP: after ${limits.rateLimitAnonymousMax} in a window they are 429 too. A
body may hold ${defaultBodyLimitBytes / 1024} KiB unless its operation states more (413 \`request_too_large\`, refused before it is
read) and nest objects and arrays ${maxJsonDepth} deep (400 \`invalid_json\`), a URL ${limits.maxUrlLength} characters (414 \`url_too_long\`) and
${limits.maxQueryParams} query parameters (400 \`invalid_param\`, \`param: "query"\`), the request line and headers
${limits.maxHeaderBytes / 1024} KiB (431 \`headers_too_large\`). A client has ${seconds(limits.headersTimeoutMs)} to send its headers and
${seconds(limits.requestTimeoutMs)} for the whole request, else 408 \`request_timeout\` and the connection is closed.
While the server shuts down, requests arriving on open connections get 503 \`unavailable\` with
\`Retry-After\`; those already running finish.

## Conventions
Timestamps out are UTC with \`Z\`; in, any RFC 3339 offset. Money is integer cents. Creates answer
201, actions 200. Phones are normalised to E.164 with the location's country.
`.trim();
