import type { z } from 'zod';
import type { ErrorCode } from '../errors/index.js';
import type { Scope } from '../schemas/scopes.js';
import type { StaffRole } from '../schemas/web-app.js';

/**
 * What a request body may hold unless its contract says more (`bodyLimit`): every body of a few
 * fields fits many times over. A larger one is 413 `request_too_large`, refused before it is read
 * (issue 30, N5: a 120 KB body stalled the server).
 */
export const defaultBodyLimitBytes = 64 * 1024;

type Schema = z.ZodType;

/** A success answer of a route: what the OpenAPI document says of it, and the schema its body keeps to. */
export interface ContractResponse<S extends Schema = Schema> {
  description: string;
  schema: S;
}

/**
 * One route of either mount, without its handler: what the server validates, authorizes and
 * documents, and what the web app's one typed call (web-app/src/api/call.ts) sends and reads. The
 * server implements it (server/src/http/route.ts `implement`); the OpenAPI document is built from
 * the API's contracts (`apiContracts`).
 */
export interface RouteContract<
  P extends Schema | undefined = Schema | undefined,
  Q extends Schema | undefined = Schema | undefined,
  B extends Schema | undefined = Schema | undefined,
  R extends Record<number, ContractResponse> = Record<number, ContractResponse>,
> {
  /**
   * `api`: below /v1 with API keys, and again below /app/api/v1 with staff sessions; `web`: the web
   * app's own, below /app/api; `member`: the members' app's, below /m/api with member sessions.
   */
  mount: 'api' | 'web' | 'member';
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Below its mount's prefix (/v1, /app/api, /m/api), in Fastify syntax: `/contacts/:id`. */
  path: string;
  /**
   * Web and member routes only: answered before any session exists (sign-in, owner setup). Their handler's
   * `actor` is a visitor with no scope and no location; they still need a same-origin `Origin`.
   */
  signedOut?: true;
  operationId: string;
  summary: string;
  description?: string;
  tag: string;
  /** The capability the route needs: any one of these scopes grants it. */
  scopes: readonly Scope[];
  /** Needed as well as one of `scopes`: the answer shows what these scopes read (an update answering the whole record). */
  alsoRequires?: readonly Scope[];
  params?: P;
  query?: Q;
  body?: B;
  /**
   * The staff roles a session must have, checked with the session, before the body is read: any
   * other role is 403 `role_not_allowed`. For routes a role may never use, whatever the body and
   * target; the service still decides the finer rules (a manager's own locations, a body's field).
   * An API key has no role: its scopes decide.
   */
  roles?: readonly StaffRole[];
  /** The most bytes its body may hold, when more than `defaultBodyLimitBytes` is needed (an import file, a logo). */
  bodyLimit?: number;
  /** Accepts `Idempotency-Key` (docs/api-decisions.md, Idempotency). */
  idempotent?: boolean;
  /** Success answers by status. */
  responses: R;
  /** Business errors beyond the ones every route can answer (401, 403, 400 validation, 429, 5xx). */
  errors?: readonly ErrorCode[];
}

/** Keeps a contract's schema types, so its handler and its callers are typed by them. */
export function defineContract<
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
  const R extends Record<number, ContractResponse> = Record<number, ContractResponse>,
>(contract: RouteContract<P, Q, B, R>): RouteContract<P, Q, B, R> {
  return contract;
}

/** The most bytes a body of this route may hold. */
export function bodyLimitOf(contract: Pick<RouteContract, 'bodyLimit'>): number {
  return contract.bodyLimit ?? defaultBodyLimitBytes;
}

// A contract's `params?: P` reads as `P | undefined`: the schema is what is left without `undefined`.
type Present<S> = Exclude<S, undefined>;
type Infer<S> = [Present<S>] extends [never] ? undefined : Present<S> extends Schema ? z.output<Present<S>> : undefined;
type InferInput<S> = [Present<S>] extends [never] ? undefined : Present<S> extends Schema ? z.input<Present<S>> : undefined;

export type ContractParams<C extends RouteContract> = Infer<C['params']>;
export type ContractQuery<C extends RouteContract> = Infer<C['query']>;
export type ContractBody<C extends RouteContract> = Infer<C['body']>;
/** What a caller sends: the schemas' input types (defaults may be left out). */
export type ContractParamsInput<C extends RouteContract> = InferInput<C['params']>;
export type ContractQueryInput<C extends RouteContract> = InferInput<C['query']>;
export type ContractBodyInput<C extends RouteContract> = InferInput<C['body']>;

type ResponseSchema<C extends RouteContract> = C['responses'][keyof C['responses']] extends ContractResponse<infer S> ? S : never;
/** A success answer as the caller reads it. */
export type ContractResult<C extends RouteContract> = z.output<ResponseSchema<C>>;
/** A success answer as the handler may give it (before the schema's output transforms, if any). */
export type ContractResultInput<C extends RouteContract> = z.input<ResponseSchema<C>>;
