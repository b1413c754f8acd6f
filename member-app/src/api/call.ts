/**
 * The one way the members' app talks to the server: over a route's contract (shared/src/contracts,
 * mount `member`), same-origin below /m/api with the member cookie (HttpOnly, never read here), the
 * session's CSRF token on every write, and the error envelope turned into a MemberApiError whose
 * code the screens put in words from the catalogs.
 */
import type { ContractResult, RouteContract } from '@studio/shared/contracts/contract';
import { pathBelowMount, type CallInput } from '@studio/shared/contracts/call-input';

export class MemberApiError extends Error {
  constructor(
    readonly status: number,
    /** The envelope's `error.code`; `unreachable` when no envelope came back (offline, a proxy's page). */
    readonly code: string,
    readonly param: string | null,
  ) {
    super(code);
    this.name = 'MemberApiError';
  }
}

let csrfToken: string | null = null;

/** The session's CSRF token, sent with every write; null after signing out. */
export function rememberCsrfToken(token: string | null): void {
  csrfToken = token;
}

type OptionalInput<C extends RouteContract> = object extends CallInput<C> ? [input?: CallInput<C>] : [input: CallInput<C>];

/** Calls the members' app route `contract` describes; answers its success body, or throws MemberApiError. */
export async function call<C extends RouteContract>(contract: C, ...[input]: OptionalInput<C>): Promise<ContractResult<C>> {
  if (contract.mount !== 'member') throw new Error(`${contract.operationId} is not a route of the members' app`);
  const headers: Record<string, string> = { accept: 'application/json' };
  const body = input?.body;
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (contract.method !== 'GET' && csrfToken) headers['x-csrf-token'] = csrfToken;
  let response: Response;
  try {
    response = await fetch(`/m/api${pathBelowMount(contract, input)}`, { method: contract.method, headers, credentials: 'same-origin', body: body === undefined ? null : JSON.stringify(body) });
  } catch {
    throw new MemberApiError(0, 'unreachable', null);
  }
  if (response.status === 204) return undefined as ContractResult<C>;
  const json = (await response.json().catch(() => null)) as { error?: { code?: string; param?: string } } | null;
  if (!response.ok) {
    const error = json?.error;
    throw new MemberApiError(response.status, typeof error?.code === 'string' ? error.code : 'unreachable', typeof error?.param === 'string' ? error.param : null);
  }
  return json as ContractResult<C>;
}
