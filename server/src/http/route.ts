import type { ErrorCode, Scope } from '@studio/shared';
import type { z } from 'zod';
import type { Db } from '../db/types.js';
import type { Actor } from '../domain/actor.js';
import type { StaffSession } from '../modules/staff-accounts/sessions.js';
import type { CursorCodec } from '../pagination/cursor.js';
import type { WebRequestContext } from './web-context.js';

type Schema = z.ZodType;
type Infer<S> = S extends z.ZodType ? z.output<S> : undefined;

/**
 * What a handler is given: the validated input, and what it passes to the domain services. The
 * services open their own transactions; inside an idempotent request's, they join it (db/types.ts).
 */
export interface HandlerContext<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  /** The request's key as the actor the services act for: one per request, so what its answer depended on reaches the idempotency record. */
  actor: Actor;
  db: Db;
  requestId: string;
  cursors: CursorCodec;
  /** Under /app/api only: the signed-in staff member whose session `actor` is. */
  session?: StaffSession;
  /** Under /app/api only: the request's cookie and client, for the routes that open or end a session. */
  web?: WebRequestContext;
}

export interface Reply<R = unknown> {
  status: number;
  body: R;
}

/**
 * One route: its contract (scopes, schemas, the errors it may answer) and its handler. The same
 * object drives validation, auth, idempotency and the OpenAPI document, so they cannot disagree.
 */
export interface RouteSpec<P extends Schema | undefined = Schema | undefined, Q extends Schema | undefined = Schema | undefined, B extends Schema | undefined = Schema | undefined> {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Below its mount's prefix (/v1, /app/api), in Fastify syntax: `/contacts/:id`. */
  path: string;
  /**
   * Web routes only: answered before any session exists (sign-in, owner setup). Their handler's
   * `actor` is a visitor with no scope and no location; they still need a same-origin `Origin`.
   */
  signedOut?: true;
  operationId: string;
  summary: string;
  description?: string;
  tag: string;
  /** Any one of these scopes grants the route. */
  scopes: readonly Scope[];
  /** Needed as well as one of `scopes`: the answer shows what these scopes read (an update answering the whole record). */
  alsoRequires?: readonly Scope[];
  params?: P;
  query?: Q;
  body?: B;
  /** Accepts `Idempotency-Key` (docs/api-decisions.md, Idempotency). */
  idempotent?: boolean;
  /** Success answers by status. */
  responses: Record<number, { description: string; schema: Schema }>;
  /** Business errors beyond the ones every route can answer (401, 403, 400 validation, 429, 5xx). */
  errors?: readonly ErrorCode[];
  handler(ctx: HandlerContext<Infer<P>, Infer<Q>, Infer<B>>): Promise<Reply>;
}

/** Keeps each route's schema types flowing into its handler. */
export function defineRoute<P extends Schema | undefined = undefined, Q extends Schema | undefined = undefined, B extends Schema | undefined = undefined>(spec: RouteSpec<P, Q, B>): RouteSpec {
  return spec as unknown as RouteSpec;
}

export const ok = <R>(body: R): Reply<R> => ({ status: 200, body });
export const created = <R>(body: R): Reply<R> => ({ status: 201, body });
export const accepted = <R>(body: R): Reply<R> => ({ status: 202, body });
