import type { ContractBody, ContractParams, ContractQuery, ContractResultInput, RouteContract } from '@studio/shared/contracts';
import type { Db } from '../db/types.js';
import type { Actor } from '../domain/actor.js';
import type { StaffSession } from '../modules/staff-accounts/sessions.js';
import type { CursorCodec } from '../pagination/cursor.js';
import type { MemberRequestContext } from './member-context.js';
import type { WebRequestContext } from './web-context.js';

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
  /** Under /m/api only: the member's cookie and client, and once signed in the member's session. */
  member?: MemberRequestContext;
}

export interface Reply<R = unknown> {
  status: number;
  body: R;
  /** Headers beyond the JSON answer's: a file's `Content-Type` and `Content-Disposition`. */
  headers?: Record<string, string>;
}

/**
 * One route: its contract (shared/src/contracts: scopes, schemas, the errors it may answer) and its
 * handler. The same contract drives validation, auth, idempotency, the OpenAPI document and the web
 * app's typed call, so they cannot disagree.
 */
export interface RouteSpec extends RouteContract {
  handler(ctx: HandlerContext<unknown, unknown, unknown>): Promise<Reply>;
}

/** What a contract's handler may answer: one of its success statuses, with a body its response schemas accept. */
export interface ContractReply<C extends RouteContract> {
  status: number;
  body: ContractResultInput<C>;
  headers?: Record<string, string>;
}

/** A contract's handler, given the contract's validated params, query and body. */
export type ContractHandler<C extends RouteContract> = (ctx: HandlerContext<ContractParams<C>, ContractQuery<C>, ContractBody<C>>) => Promise<ContractReply<C>>;

/** Implements `contract` with `handler`: the route the server mounts under the contract's prefix. */
export function implement<C extends RouteContract>(contract: C, handler: ContractHandler<C>): RouteSpec {
  return { ...contract, handler: handler as RouteSpec['handler'] };
}

export const ok = <R>(body: R): Reply<R> => ({ status: 200, body });
export const created = <R>(body: R): Reply<R> => ({ status: 201, body });
export const accepted = <R>(body: R): Reply<R> => ({ status: 202, body });

/**
 * The routes of a mount in its contracts' order (the OpenAPI document's): every contract implemented
 * once, and nothing mounted that no contract describes.
 */
export function routesFor(contracts: readonly RouteContract[], routes: readonly RouteSpec[]): RouteSpec[] {
  const byOperation = new Map(routes.map((route) => [route.operationId, route]));
  if (byOperation.size !== routes.length) throw new Error('two routes implement the same contract');
  const ordered = contracts.map((contract) => {
    const route = byOperation.get(contract.operationId);
    if (!route) throw new Error(`no route implements the contract ${contract.operationId}`);
    return route;
  });
  const extra = routes.find((route) => !contracts.some((contract) => contract.operationId === route.operationId));
  if (extra) throw new Error(`the route ${extra.operationId} implements no contract of its mount`);
  return ordered;
}
