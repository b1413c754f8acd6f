import { Agent, type Dispatcher } from 'undici';
import { ClassBook, ClassBookResult, ClassCancel, ClassCancelResult, ClassCheckIn, ClassDetail, ClassListQuery, ClassRestoreResult, ClassSpotResult, ClassSummary } from '../schemas/classes.js';
import { list, page } from '../schemas/common.js';
import { Contact, ContactCreate, ContactListQuery, ContactUpdate } from '../schemas/contacts.js';
import { Location, LocationBranding } from '../schemas/locations.js';
import { HeldMembership, SellMembership } from '../schemas/memberships.js';
import { CheckInRequest, EligibilityFeed, EligibilityFeedQuery, ResolveRequest, ResolveResult, Visit, VisitListQuery } from '../schemas/members.js';
import { CheckinDenial, LocationActivityQuery, LocationVisit } from '../schemas/location-activity.js';
import { KeyIdentity } from '../schemas/ping.js';
import { DeskScanAnswer, type DeskScanRequest } from '../schemas/desk-scans.js';
import { DeviceHeartbeatReceived, type DeviceHeartbeatRequest } from '../schemas/devices.js';
import { VoidedVisit, type VoidVisitRequest } from '../schemas/visit-void.js';
import { Service, ServiceListQuery } from '../schemas/services.js';
import { GiftCard, GiftCardListQuery, LocationFilterQuery, MembershipPlan, PackageTemplate } from '../schemas/stored-value.js';
import { endpointHelpers, path, type BodyOf, type QueryOf } from './endpoints.js';
import { createHttpTransport } from './http.js';
import { pinnedCertificateAgent } from './pinned-certificate.js';
import { silentLogger, type ClientLogger } from './logger.js';
import { createRequester, type CallOptions as Call, type KeyedCallOptions as Keyed } from './request.js';
import { defaultBackoff, defaultRetries, type BackoffOptions } from './retry.js';

export interface StudioClientOptions {
  /** The versioned base, e.g. `http://127.0.0.1:3000/v1`. */
  baseUrl: string;
  apiKey: string;
  /** Budget of one attempt, default 10 s; per call too. */
  timeoutMs?: number;
  /** Attempts after the first, default 2; 0 disables. Per call too. */
  retries?: number;
  backoff?: Partial<BackoffOptions>;
  /** Jitter source in [0, 1), default `Math.random`. */
  random?: () => number;
  /** An undici dispatcher (Agent, Pool, MockAgent) the caller owns; default a keep-alive Agent of the client's own. */
  dispatcher?: Dispatcher;
  /**
   * The SHA-256 fingerprint of the one certificate an `https://` server may show (its own, often
   * self-signed: docs/https.md); a connection to any other is refused before the key is sent,
   * logged at warn, and the call fails as a `NetworkError`. Without it, the usual CA checks.
   */
  tlsFingerprint?: string;
  logger?: ClientLogger;
}

export const defaultTimeoutMs = 10_000;

/** undici keeps connections alive by default; a pinned certificate gets an agent that checks it on every connection. */
function ownDispatcher(baseUrl: string, tlsFingerprint: string | undefined, logger: ClientLogger): Dispatcher {
  if (tlsFingerprint === undefined) return new Agent();
  if (!baseUrl.startsWith('https:')) throw new TypeError('createStudioClient: tlsFingerprint needs an https:// baseUrl');
  return pinnedCertificateAgent(tlsFingerprint, (mismatch) => logger.warn({ ...mismatch }, 'refused the server: its certificate is not the pinned one (nothing was sent)'));
}

/**
 * The typed client of the booking API. Reads answer the parsed body; creates answer a
 * `KeyedResponse` with the Idempotency-Key used. Errors: `ApiRequestError` (the server said no),
 * `NetworkError` (unreachable, timeout, cancelled), `InvalidResponseError` (unexpected body).
 */
export function createStudioClient(options: StudioClientOptions) {
  const baseUrl = new URL(options.baseUrl).href; // fails fast on a malformed URL
  if (options.apiKey.trim() === '') throw new TypeError('createStudioClient: apiKey is empty');
  if (options.dispatcher !== undefined && options.tlsFingerprint !== undefined) throw new TypeError('createStudioClient: give a dispatcher or a tlsFingerprint, not both');
  const ownsDispatcher = options.dispatcher === undefined;
  const logger = options.logger ?? silentLogger;
  const dispatcher = options.dispatcher ?? ownDispatcher(baseUrl, options.tlsFingerprint, logger);

  // The key lives only in these closures, never on the returned object, so logging or inspecting
  // the client cannot print it.
  const request = createRequester({
    sendOnce: createHttpTransport({ baseUrl, apiKey: options.apiKey, dispatcher, logger }),
    apiKey: options.apiKey,
    timeoutMs: options.timeoutMs ?? defaultTimeoutMs,
    retry: {
      retries: options.retries ?? defaultRetries,
      baseDelayMs: options.backoff?.baseDelayMs ?? defaultBackoff.baseDelayMs,
      maxDelayMs: options.backoff?.maxDelayMs ?? defaultBackoff.maxDelayMs,
      random: options.random ?? Math.random,
    },
    logger,
  });
  const { get, walk, create, post, patch } = endpointHelpers(request);

  return {
    /** Any endpoint, typed by the schema you pass: for endpoints this client does not list yet. */
    request,
    /** Closes the client's own connections; an injected dispatcher is left to its owner. */
    close: async (): Promise<void> => (ownsDispatcher ? dispatcher.close() : undefined),

    ping: (o?: Call) => get('/ping', KeyIdentity, undefined, o),
    locations: {
      list: (o?: Call) => get('/locations', list(Location), undefined, o),
      /** The location's logo, accent colour and kiosk language (an extension). */
      branding: (id: string, o?: Call) => get(path`/locations/${id}/branding`, LocationBranding, undefined, o),
    },
    services: {
      list: (q: QueryOf<typeof ServiceListQuery> = {}, o?: Call) => get('/services', page(Service), q, o),
      all: (q: QueryOf<typeof ServiceListQuery> = {}, o?: Call) => walk('/services', Service, q, o),
      get: (id: string, o?: Call) => get(path`/services/${id}`, Service, undefined, o),
    },
    contacts: {
      list: (q: QueryOf<typeof ContactListQuery> = {}, o?: Call) => get('/contacts', page(Contact), q, o),
      all: (q: QueryOf<typeof ContactListQuery> = {}, o?: Call) => walk('/contacts', Contact, q, o),
      get: (id: string, o?: Call) => get(path`/contacts/${id}`, Contact, undefined, o),
      create: (body: BodyOf<typeof ContactCreate>, o?: Keyed) => create('/contacts', Contact, body, o),
      update: (id: string, body: BodyOf<typeof ContactUpdate>, o?: Call) => patch(path`/contacts/${id}`, Contact, body, o),
      memberships: (id: string, o?: Call) => get(path`/contacts/${id}/memberships`, list(HeldMembership), undefined, o),
      sellMembership: (id: string, body: BodyOf<typeof SellMembership>, o?: Keyed) => create(path`/contacts/${id}/memberships`, HeldMembership, body, o),
    },
    giftCards: {
      list: (q: QueryOf<typeof GiftCardListQuery> = {}, o?: Call) => get('/gift-cards', page(GiftCard), q, o),
      all: (q: QueryOf<typeof GiftCardListQuery> = {}, o?: Call) => walk('/gift-cards', GiftCard, q, o),
    },
    membershipPlans: {
      list: (q: QueryOf<typeof LocationFilterQuery> = {}, o?: Call) => get('/memberships', list(MembershipPlan), q, o),
    },
    packageTemplates: {
      list: (q: QueryOf<typeof LocationFilterQuery> = {}, o?: Call) => get('/packages', list(PackageTemplate), q, o),
    },
    members: {
      /** Records nothing; not retried (it is a POST without a key): a gate falls back to its cache. */
      resolve: (body: BodyOf<typeof ResolveRequest>, o?: Call) => post('/members/resolve', ResolveResult, body, o),
      checkIn: (body: BodyOf<typeof CheckInRequest>, o?: Keyed) => create('/members/check-in', Visit, body, o),
      visits: (membershipId: string, q: QueryOf<typeof VisitListQuery> = {}, o?: Call) => get(path`/members/${membershipId}/visits`, page(Visit), q, o),
      allVisits: (membershipId: string, q: QueryOf<typeof VisitListQuery> = {}, o?: Call) => walk(path`/members/${membershipId}/visits`, Visit, q, o),
      /** One page of the offline eligibility feed; pass `next_cursor` back while `has_more`, and later for deltas. */
      eligibility: (q: QueryOf<typeof EligibilityFeedQuery> = {}, o?: Call) => get('/members/eligibility', EligibilityFeed, q, o),
      /** Voids a facility visit whose door never opened; idempotent, so a caller may repeat it. */
      voidVisit: (visitId: string, body: BodyOf<typeof VoidVisitRequest>, o?: Call) => post(path`/members/visits/${visitId}/void`, VoidedVisit, body, o),
    },
    /** Reads of a desk reader configured for enrolment (an extension): never a check-in. Sent once. */
    deskScans: {
      record: (body: BodyOf<typeof DeskScanRequest>, o?: Call) => post('/desk-scans', DeskScanAnswer, body, o),
    },
    /** This agent's health, reported every half minute (an extension); one answer kept per device. */
    devices: {
      heartbeat: (body: BodyOf<typeof DeviceHeartbeatRequest>, o?: Call) => post('/devices/heartbeat', DeviceHeartbeatReceived, body, o),
    },
    /** A location's visits over a time range, newest first, voided ones marked (an extension). */
    visits: {
      list: (q: QueryOf<typeof LocationActivityQuery> = {}, o?: Call) => get('/visits', page(LocationVisit), q, o),
      all: (q: QueryOf<typeof LocationActivityQuery> = {}, o?: Call) => walk('/visits', LocationVisit, q, o),
    },
    /** A location's refused check-ins over a time range, newest first (an extension). */
    checkinDenials: {
      list: (q: QueryOf<typeof LocationActivityQuery> = {}, o?: Call) => get('/checkin-denials', page(CheckinDenial), q, o),
      all: (q: QueryOf<typeof LocationActivityQuery> = {}, o?: Call) => walk('/checkin-denials', CheckinDenial, q, o),
    },
    classes: {
      list: (q: QueryOf<typeof ClassListQuery> = {}, o?: Call) => get('/classes', page(ClassSummary), q, o),
      all: (q: QueryOf<typeof ClassListQuery> = {}, o?: Call) => walk('/classes', ClassSummary, q, o),
      get: (id: string, o?: Call) => get(path`/classes/${id}`, ClassDetail, undefined, o),
      /** 201 for a new spot, 200 with `already_booked` when the contact holds one: both answer the spot. */
      book: (id: string, body: BodyOf<typeof ClassBook>, o?: Keyed) => create(path`/classes/${id}/book`, ClassBookResult, body, o),
      cancel: (id: string, body: BodyOf<typeof ClassCancel>, o?: Keyed) => create(path`/classes/${id}/cancel`, ClassCancelResult, body, o),
      checkIn: (id: string, body: BodyOf<typeof ClassCheckIn>, o?: Keyed) => create(path`/classes/${id}/check-in`, ClassSpotResult, body, o),
      /** Undoes a class's cancellation before its start (an extension); a class not cancelled answers `already_scheduled`. */
      restore: (id: string, o?: Keyed) => create(path`/classes/${id}/restore`, ClassRestoreResult, undefined, o),
    },
  };
}

export type StudioClient = ReturnType<typeof createStudioClient>;
