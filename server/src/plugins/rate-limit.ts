import rateLimit from '@fastify/rate-limit';
import { ApiError } from '@studio/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clientOf } from '../domain/client-address.js';
import type { ServerLimits } from './limits.js';

/** Counts requests per API key and per staff account, and anonymous requests per client (an IPv4 address, an IPv6 /64; README, Limits). */
export interface RateLimiter {
  /** After the key is known: its request counts against the key; over the budget, 429. */
  admitKey(request: FastifyRequest): Promise<void>;
  /** After a staff session is known: its request counts against its account, every session of it together; over the budget, 429. */
  admitAccount(request: FastifyRequest, accountId: string): Promise<void>;
  /** After a key was refused: the request counts against the client's budget; over it, 429 instead of 401. */
  refuseAnonymous(request: FastifyRequest): Promise<void>;
  /** A request anyone may make before signing in (owner setup): it counts against the same budget; over it, 429. */
  admitAnonymous(request: FastifyRequest): Promise<void>;
}

type Check = ReturnType<FastifyInstance['createRateLimit']>;

function limitedBy(check: Check | null) {
  return async (request: FastifyRequest) => {
    if (!check) return;
    const state = await check(request);
    if (!state.isAllowed && state.isExceeded) {
      throw new ApiError('rate_limited', "Too many requests; retry after the Retry-After header's seconds.", { retryAfter: Math.max(1, state.ttlInSeconds) });
    }
  };
}

/**
 * Fixed windows counted in this process's memory (O(1) per request, an LRU of counters). Several
 * processes behind one load balancer each count on their own, so the effective budget is the
 * budget times the processes.
 */
export async function registerRateLimits(app: FastifyInstance, limits: ServerLimits): Promise<RateLimiter> {
  await app.register(rateLimit, { global: false });
  const window = { timeWindow: limits.rateLimitWindowMs };
  const perKey = limits.rateLimitMax > 0 ? app.createRateLimit({ ...window, max: limits.rateLimitMax, keyGenerator: (r) => `key:${r.auth!.keyId}` }) : null;
  const perIp = limits.rateLimitAnonymousMax > 0 ? app.createRateLimit({ ...window, max: limits.rateLimitAnonymousMax, keyGenerator: (r) => `ip:${clientOf(r.ip)}` }) : null;
  // The account a request is counted against, handed to the key generator for that one check.
  const accounts = new WeakMap<FastifyRequest, string>();
  const perAccount = limits.rateLimitSessionMax > 0 ? app.createRateLimit({ ...window, max: limits.rateLimitSessionMax, keyGenerator: (r) => `account:${accounts.get(r) ?? ''}` }) : null;
  const admitAccount = limitedBy(perAccount);
  return {
    admitKey: limitedBy(perKey),
    refuseAnonymous: limitedBy(perIp),
    admitAnonymous: limitedBy(perIp),
    admitAccount: (request, accountId) => {
      accounts.set(request, accountId);
      return admitAccount(request);
    },
  };
}
